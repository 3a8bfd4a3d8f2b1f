// The token set every theme fills in. The public CSS variables (--atrium-*) are generated from the
// blue theme's tree (contract.ts), so a theme cannot add or miss a token without a type error.
export interface Tokens {
  color: {
    primary: string;
    /**
     * The keyboard focus ring on the page's surfaces: ≥ 3:1 against them (WCAG 2.4.7, 1.4.11) whatever
     * active colour a tenant picks for the primary (the light theme's default #409EFF is 2.78:1 on white).
     */
    focus: string;
    /** Text on primary surfaces: dark, since every theme's primary is a light blue (WCAG AA 4.5:1). */
    onPrimary: string;
    navBg: string;
    navText: string;
    bg: string;
    surface: string;
    surfaceRaised: string;
    text: string;
    textMuted: string;
    border: string;
    danger: string;
    warning: string;
    success: string;
    info: string;
    overlay: string;
  };
  space: { xs: string; sm: string; md: string; lg: string; xl: string };
  radius: { sm: string; md: string; pill: string };
  font: { family: string; sizeSm: string; sizeMd: string; sizeLg: string; sizeXl: string };
  shadow: { popover: string };
}

const shared = {
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
  radius: { sm: '4px', md: '8px', pill: '999px' },
  font: {
    family: '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
    sizeSm: '12px',
    sizeMd: '14px',
    sizeLg: '16px',
    sizeXl: '20px',
  },
};

const status = { danger: '#F56C6C', warning: '#E6A23C', success: '#67C23A', info: '#409EFF' };

export const blueTheme: Tokens = {
  ...shared,
  color: {
    primary: '#8D98FF',
    focus: '#8D98FF',
    onPrimary: '#0B1020',
    navBg: '#171E37',
    navText: '#C9D1F5',
    bg: '#0F1529',
    surface: '#1B2340',
    surfaceRaised: '#232C4F',
    text: '#E8ECFF',
    textMuted: '#9AA3C7',
    border: '#2E3A66',
    ...status,
    overlay: 'rgba(5, 8, 20, 0.6)',
  },
  shadow: { popover: '0 8px 24px rgba(0, 0, 0, 0.45)' },
};

export const darkTheme: Tokens = {
  ...shared,
  color: {
    primary: '#409EFF',
    focus: '#409EFF',
    onPrimary: '#0B1020',
    navBg: '#191919',
    navText: '#CFCFCF',
    bg: '#101010',
    surface: '#1E1E1E',
    surfaceRaised: '#2A2A2A',
    text: '#EDEDED',
    textMuted: '#A0A0A0',
    border: '#363636',
    ...status,
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
  shadow: { popover: '0 8px 24px rgba(0, 0, 0, 0.6)' },
};

export const lightTheme: Tokens = {
  ...shared,
  color: {
    primary: '#409EFF',
    focus: '#1F7AE0',
    onPrimary: '#0B1020',
    navBg: '#304156',
    navText: '#BFCBD9',
    bg: '#F0F2F5',
    surface: '#FFFFFF',
    surfaceRaised: '#FFFFFF',
    text: '#303133',
    textMuted: '#606266',
    border: '#DCDFE6',
    ...status,
    overlay: 'rgba(0, 0, 0, 0.45)',
  },
  shadow: { popover: '0 6px 16px rgba(0, 0, 0, 0.15)' },
};

export const THEMES = { 'blue-theme': blueTheme, 'dark-theme': darkTheme, 'light-theme': lightTheme } as const;
