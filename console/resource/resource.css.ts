// Styles of the resource kit: the page frame, toolbar, table, pager, dialogs and tree.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/contract.ts';

export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md, color: vars.color.text, minHeight: 0 });
export const withSide = style({ gridTemplateColumns: '240px minmax(0, 1fr)' });
export const side = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  overflow: 'auto',
  maxHeight: 'calc(100vh - 160px)',
});
export const main = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });
export const filter = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.font.sizeSm, color: vars.color.textMuted, width: 180 });
// Bottom-aligned as the filter row: a labelled field among the buttons (a day, a month) keeps its
// input's lower edge in line with theirs.
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });
export const spacer = style({ flex: 1 });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const tableWrap = style({ overflow: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, background: vars.color.surface });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
export const cell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, textAlign: 'left', whiteSpace: 'nowrap' });
export const head = style([cell, { position: 'sticky', top: 0, background: vars.color.surfaceRaised, fontWeight: 600, zIndex: 1 }]);
export const row = style({
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&[aria-selected="true"]': { background: vars.color.surfaceRaised },
    '&:focus-within': { outline: `1px solid ${vars.color.focus}`, outlineOffset: -1 },
  },
});
/** The row actions' column stays in view at the table's right edge while the other columns scroll
 * sideways (1280x720: alarm search's confirm/close and the device list's delete were clipped). */
export const actionsCell = style([cell, { position: 'sticky', right: 0, background: vars.color.surface, boxShadow: `-1px 0 0 ${vars.color.border}` }]);
export const actionsHead = style([head, { right: 0, zIndex: 2, boxShadow: `-1px 0 0 ${vars.color.border}` }]);
globalStyle(`${row}:hover > ${actionsCell}, ${row}[aria-selected="true"] > ${actionsCell}`, { background: vars.color.surfaceRaised });
export const state = style({ padding: vars.space.xl, textAlign: 'center', color: vars.color.textMuted });
// Link-like buttons keep the body text colour (readable on every theme's surface) and carry the
// accent in the underline.
export const danger = style({ textDecorationColor: vars.color.danger });
export const link = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.text,
  textDecoration: 'underline',
  textDecorationColor: vars.color.primary,
  textUnderlineOffset: 3,
  padding: `0 ${vars.space.xs}`,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` }, '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
});
export const pager = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' });
export const pageButton = style({
  all: 'unset',
  minWidth: 28,
  height: 28,
  boxSizing: 'border-box',
  textAlign: 'center',
  lineHeight: '26px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  fontSize: vars.font.sizeSm,
  selectors: {
    '&[data-selected]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&[data-disabled], &:disabled': { opacity: 0.45, cursor: 'not-allowed' },
  },
});
export const backdrop = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 50 });
export const positioner = style({ position: 'fixed', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 51, padding: vars.space.lg });
export const dialog = style({
  width: 520,
  maxWidth: '100%',
  maxHeight: '90vh',
  overflow: 'auto',
  boxSizing: 'border-box',
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  background: vars.color.surface,
  boxShadow: vars.shadow.popover,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const wide = style({ width: 760 });
export const dialogTitle = style({ margin: 0, fontSize: vars.font.sizeLg });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end' });
export const check = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', fontSize: vars.font.sizeMd });
export const fieldError = style({ color: vars.color.danger, fontSize: vars.font.sizeSm, flexBasis: '100%' });
/** A level tag (alarm levels): the colour on its left edge only repeats what the text says. */
export const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: 4,
  fontSize: vars.font.sizeSm,
  lineHeight: 1.6,
});

/** A list without bullets or indent (the device drawer's alarms and cameras). */
export const list = style({ listStyle: 'none', margin: 0, padding: 0, fontSize: vars.font.sizeSm });
