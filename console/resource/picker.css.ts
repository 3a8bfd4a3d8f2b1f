// The searchable picker (picker.tsx): an input with its toggle, chosen items as chips, and a list
// whose rows are all one height (the virtual list needs it).
import { style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/contract.ts';

/** Every row of the list is exactly this tall (px). */
export const PICKER_ROW = 32;
/** Rows the open list shows before it scrolls. */
export const PICKER_ROWS = 8;

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0, width: '100%' });
export const control = style({ display: 'flex', alignItems: 'stretch', gap: 0, minWidth: 0 });
export const inputBox = style({ flex: 1, minWidth: 0 });
export const iconButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  flex: 'none',
  width: 32,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
  color: vars.color.textMuted,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: 0,
  background: vars.color.surface,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 } },
});
export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none', maxHeight: 96, overflow: 'auto' });
export const chip = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  maxWidth: '100%',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeSm,
  lineHeight: '22px',
  cursor: 'pointer',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 } },
});
export const positioner = style({ zIndex: 60 });
export const content = style({
  boxSizing: 'border-box',
  maxHeight: PICKER_ROW * PICKER_ROWS + 2,
  overflowY: 'auto',
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.popover,
  color: vars.color.text,
  outline: 'none',
});
export const spacer = style({ position: 'relative', width: '100%' });
export const item = style({
  position: 'absolute',
  left: 0,
  right: 0,
  top: 0,
  height: PICKER_ROW,
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.font.sizeMd,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  cursor: 'pointer',
  selectors: {
    '&[data-highlighted]': { background: vars.color.primary, color: vars.color.onPrimary },
    '&[data-state=checked]': { fontWeight: 600 },
  },
});
export const empty = style({ padding: vars.space.sm, color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const count = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
