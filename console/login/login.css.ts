import { style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/index.ts';

export const page = style({
  minHeight: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  background: `radial-gradient(circle at 20% 10%, ${vars.color.surfaceRaised}, ${vars.color.bg} 60%)`,
});

export const card = style({
  width: '100%',
  maxWidth: 400,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.popover,
});

export const brand = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm, textAlign: 'center' });

export const logo = style({ width: 220, maxWidth: '100%', height: 50, objectFit: 'contain' });

export const title = style({ margin: 0, fontSize: vars.font.sizeXl, fontWeight: 600 });

export const subtitle = style({ margin: 0, color: vars.color.textMuted });

export const tabs = style({ display: 'flex', borderBottom: `1px solid ${vars.color.border}` });

export const tab = style({
  all: 'unset',
  flex: 1,
  textAlign: 'center',
  padding: `${vars.space.sm} 0`,
  cursor: 'pointer',
  color: vars.color.textMuted,
  borderBottom: '2px solid transparent',
  selectors: {
    '&[aria-selected="true"]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
  },
});







export const captchaButton = style({
  all: 'unset',
  flex: 'none',
  width: 120,
  height: 40,
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});

export const captchaImage = style({ display: 'block', width: 120, height: 40 });

export const submit = style({ width: '100%', padding: `${vars.space.sm} ${vars.space.md}` });

export const codeButton = style({ flex: 'none', whiteSpace: 'nowrap' });

export const links = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, fontSize: vars.font.sizeSm, flexWrap: 'wrap' });

export const langs = style({ display: 'flex', gap: vars.space.sm });

export const langButton = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.textMuted,
  selectors: {
    '&[aria-pressed="true"]': { color: vars.color.primary, fontWeight: 600 },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
  },
});

export const status = style({ margin: 0, minHeight: '1.5em', fontSize: vars.font.sizeSm, color: vars.color.success });
