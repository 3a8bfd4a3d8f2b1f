import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/contract.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, height: '100%', minHeight: 480, color: vars.color.text });
export const tabs = style({ display: 'flex', gap: vars.space.xs });
export const body = style({ display: 'grid', gridTemplateColumns: '220px 1fr', gap: vars.space.md, flex: 1, minHeight: 0 });
export const side = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: vars.space.sm, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, background: vars.color.surface, overflow: 'auto' });
export const tree = style({ listStyle: 'none', margin: 0, padding: 0 });
export const treeChildren = style({ listStyle: 'none', margin: 0, paddingLeft: vars.space.md });
export const treeItem = style({
  all: 'unset',
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  padding: `2px ${vars.space.xs}`,
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: { '&[aria-current="true"]': { color: vars.color.primary, fontWeight: 600 }, '&:focus-visible': { outline: `2px solid ${vars.color.primary}` } },
});
export const main = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const small = style({ width: 160 });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm });
export const cell = style({ padding: `${vars.space.xs} ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, textAlign: 'left', whiteSpace: 'nowrap' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const dialog = style({
  minWidth: 380,
  padding: vars.space.lg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  background: vars.color.surface,
  selectors: { '&::backdrop': { background: vars.color.overlay } },
});
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const error = style({ color: vars.color.danger, fontSize: vars.font.sizeSm, margin: 0 });
export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end' });
export const wall = style({ flex: 1, minHeight: 480 });
