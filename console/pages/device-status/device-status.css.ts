import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/contract.ts';
import { drawer as themeDrawer } from '../../shell/theme-settings.css.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, height: 'calc(100vh - 160px)', minHeight: 420, minWidth: 0 });
export const list = style({ display: 'block', flex: 1, minHeight: 360, minWidth: 0 });

export const viewSwitch = style({ display: 'inline-flex', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, overflow: 'hidden', alignSelf: 'flex-start' });
export const viewButton = style({
  all: 'unset',
  cursor: 'pointer',
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
  color: vars.color.text,
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.primary, color: vars.color.onPrimary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
  },
});

export const cardsArea = style({ flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' });
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: vars.space.sm, padding: 2 });

export const card = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  borderTopWidth: 3,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-status="online"]': { borderTopColor: vars.color.success },
    '&[data-status="offline"]': { borderTopColor: vars.color.textMuted },
    '&[data-alarm="true"]': { borderTopColor: vars.color.danger },
  },
});

export const cardHead = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm, minWidth: 0 });
export const cardName = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 });
export const cardCode = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const state = style({ flex: 'none', fontSize: vars.font.sizeSm, display: 'inline-flex', alignItems: 'center', gap: 4 });
export const dot = style({
  width: 8,
  height: 8,
  borderRadius: '50%',
  background: vars.color.textMuted,
  selectors: { '&[data-status="online"]': { background: vars.color.success } },
});
export const readings = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '2px 8px', margin: 0, fontSize: vars.font.sizeSm });
export const readingName = style({ color: vars.color.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', margin: 0 });
export const readingValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums', textAlign: 'right' });
// Open alarms: the text in the page's own colour (legible in every theme), marked by a danger bar.
export const alarm = style({ fontSize: vars.font.sizeSm, color: vars.color.text, fontWeight: 600, paddingLeft: 6, borderLeft: `3px solid ${vars.color.danger}` });
export const calm = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });

/** The device drawer: the shell's side drawer (theme settings), wider for readings and a camera. */
export const drawer = style([themeDrawer, { width: 520 }]);
export const drawerHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const sectionTitle = style({ margin: 0, fontSize: vars.font.sizeMd });
export const info = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '2px 12px', margin: 0, fontSize: vars.font.sizeSm });
export const cardsRoot = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, flex: 1, minHeight: 0, minWidth: 0 });
