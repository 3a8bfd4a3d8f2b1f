// The shell's frame: side menu | (header, visited tabs, page, footer).
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/index.ts';

export const NARROW_QUERY = '(max-width: 768px)';
export const SIDEBAR_OPEN = 210;
export const SIDEBAR_COLLAPSED = 64;
export const DRAWER_WIDTH = 328;

export const root = style({ display: 'flex', height: '100%', overflow: 'hidden' });

export const sidebar = style({
  flex: 'none',
  display: 'flex',
  flexDirection: 'column',
  width: SIDEBAR_OPEN,
  background: vars.color.navBg,
  color: vars.color.navText,
  transition: 'width 0.2s ease',
  overflow: 'hidden',
  selectors: { '&[data-collapsed="true"]': { width: SIDEBAR_COLLAPSED } },
  '@media': { [NARROW_QUERY]: { display: 'none' } },
});

export const drawerBackdrop = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 40 });

export const drawerPositioner = style({ position: 'fixed', inset: 0, display: 'flex', zIndex: 41, pointerEvents: 'none' });

export const drawer = style({
  pointerEvents: 'auto',
  width: DRAWER_WIDTH,
  maxWidth: '100%',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.navBg,
  color: vars.color.navText,
  boxShadow: vars.shadow.popover,
  outline: 'none',
});

export const logoBar = style({
  flex: 'none',
  height: 50,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `0 ${vars.space.sm}`,
  color: vars.color.primary,
  overflow: 'hidden',
});

export const logoImage = style({ maxWidth: '100%', objectFit: 'contain' });

export const nav = style({ flex: 1, overflowY: 'auto', overflowX: 'hidden', padding: `${vars.space.xs} 0` });

export const menuList = style({ listStyle: 'none', margin: 0, padding: 0 });

const entryBase = {
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: 44,
  padding: `0 ${vars.space.lg}`,
  cursor: 'pointer',
  color: vars.color.navText,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const;

export const entry = style({
  ...entryBase,
  selectors: {
    '&:hover': { background: 'rgba(255, 255, 255, 0.06)' },
    '&:focus-visible': { outline: `2px solid ${vars.color.navText}`, outlineOffset: -2 },
    // The current page: a bar in the active colour and white text. The active colour itself as the
    // text read too faint on the light theme's nav (#409EFF on #415064: 2.95:1, WCAG 1.4.3 needs 4.5).
    '&[aria-current="page"]': { color: '#FFFFFF', fontWeight: 600, background: 'rgba(255, 255, 255, 0.08)', boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
    '&[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
    '[data-collapsed="true"] &': { justifyContent: 'center', padding: 0 },
  },
});

export const subEntry = style([entry, { paddingLeft: 48, minHeight: 40, fontSize: vars.font.sizeSm }]);

export const entryText = style({
  flex: 1,
  overflow: 'hidden',
  whiteSpace: 'normal',
  lineHeight: 1.25,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
  selectors: { '[data-collapsed="true"] &': { display: 'none' } },
});

export const chevron = style({
  transition: 'transform 0.2s ease',
  selectors: {
    '[aria-expanded="true"] > &': { transform: 'rotate(90deg)' },
    '[data-collapsed="true"] &': { display: 'none' },
  },
});

export const flyout = style({
  minWidth: 180,
  padding: `${vars.space.xs} 0`,
  borderRadius: vars.radius.sm,
  background: vars.color.navBg,
  color: vars.color.navText,
  boxShadow: vars.shadow.popover,
  outline: 'none',
  zIndex: 30,
});

export const flyoutItem = style([
  entry,
  { padding: `0 ${vars.space.lg}`, selectors: { '&[data-highlighted]': { background: 'rgba(255, 255, 255, 0.1)' } } },
]);

export const main = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });

export const header = style({
  flex: 'none',
  height: 50,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `0 ${vars.space.md}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerRight = style({ marginLeft: 'auto', display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const iconButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minWidth: 32,
  height: 32,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
  },
});

export const hideNarrow = style({ '@media': { [NARROW_QUERY]: { display: 'none' } } });

export const avatar = style({ width: 28, height: 28, borderRadius: '50%', objectFit: 'cover', background: vars.color.surfaceRaised });

export const userName = style({ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const popover = style({
  minWidth: 180,
  padding: `${vars.space.xs} 0`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.popover,
  outline: 'none',
  zIndex: 30,
});

export const popoverItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  cursor: 'pointer',
  selectors: {
    // The text keeps the text colour (the accent as text is 2.78:1 on the light theme's white): the
    // highlighted item carries a ring, the checked one a bar and bold type.
    '&[data-highlighted]': { background: vars.color.surface, boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    '&[data-state="checked"]': { fontWeight: 600, boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
    '&[data-highlighted][data-state="checked"]': { boxShadow: `inset 3px 0 0 ${vars.color.primary}, inset 0 0 0 2px ${vars.color.primary}` },
  },
});

export const tooltip = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: vars.color.surface,
  fontSize: vars.font.sizeSm,
  zIndex: 50,
});

export const breadcrumb = style({ minWidth: 0, overflow: 'hidden', '@media': { [NARROW_QUERY]: { display: 'none' } } });

export const crumbs = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0, whiteSpace: 'nowrap' });

export const crumb = style({
  color: vars.color.textMuted,
  selectors: {
    '&:last-child': { color: vars.color.text },
    '&:not(:first-child)::before': { content: '"/"', marginRight: vars.space.xs, color: vars.color.textMuted },
  },
});

export const subTitle = style({ marginLeft: vars.space.sm, color: vars.color.textMuted, fontSize: vars.font.sizeSm });

export const tabsBar = style({
  flex: 'none',
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'center',
  height: 36,
  padding: `0 ${vars.space.md}`,
  overflowX: 'auto',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const tab = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  height: 26,
  paddingLeft: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
  selectors: { '&[data-active="true"]': { background: vars.color.primary, borderColor: vars.color.primary } },
});

export const tabLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '[data-active="true"] > &': { color: vars.color.onPrimary },
    // On the current tab's active-colour background an outline in the active colour would not show.
    '[data-active="true"] > &:focus-visible': { outlineColor: vars.color.onPrimary, outlineOffset: 1 },
  },
});

export const tabClose = style({
  all: 'unset',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 22,
  height: 22,
  borderRadius: '50%',
  cursor: 'pointer',
  color: 'inherit',
  selectors: {
    '[data-active="true"] > &': { color: vars.color.onPrimary },
    '&:hover': { background: 'rgba(0, 0, 0, 0.15)' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
    '[data-active="true"] > &:focus-visible': { outline: `2px solid ${vars.color.onPrimary}`, outlineOffset: -2 },
  },
});

export const content = style({ flex: 1, minHeight: 0, overflow: 'auto', padding: vars.space.lg, position: 'relative' });

export const contentFull = style([content, { padding: 0, background: vars.color.bg }]);

export const progressBar = style({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: 2,
  background: vars.color.primary,
  zIndex: 5,
});

export const footer = style({
  flex: 'none',
  display: 'flex',
  justifyContent: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

// On the menu's dark background the page's focus colour can read too faint (the light theme's on its
// #304156 nav: 2.44:1); the menu's own text colour is the ring there, in every theme (≥ 3:1).
for (const navArea of [sidebar, drawer, flyout]) globalStyle(`${navArea} :focus-visible`, { outlineColor: vars.color.navText });
