// Styles of the linkage pages: the action list editor, the holiday calendar and the record detail.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/contract.ts';

export const actions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, padding: vars.space.xs, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm });
export const actionRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center', paddingBottom: vars.space.xs, borderBottom: `1px dashed ${vars.color.border}` });
export const actionIndex = style({ minWidth: 64, fontSize: vars.font.sizeSm, color: vars.color.textMuted });
export const narrow = style({ width: 90 });
export const medium = style({ width: 160 });
export const wide = style({ flex: 1, minWidth: 160 });
export const months = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: vars.space.md });
export const month = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, padding: vars.space.sm, background: vars.color.surface });
export const monthTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.font.sizeMd });
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 2, fontSize: vars.font.sizeSm, textAlign: 'center' });
export const weekday = style({ color: vars.color.textMuted });
export const day = style({
  all: 'unset',
  cursor: 'pointer',
  padding: '4px 0',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}` },
    '&[data-kind="holiday"]': { background: vars.color.danger, color: vars.color.onPrimary },
    '&[data-kind="workday"]': { background: vars.color.primary, color: vars.color.onPrimary },
    '&[data-today="true"]': { fontWeight: 700, textDecoration: 'underline' },
  },
});
export const legend = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', flexWrap: 'wrap', fontSize: vars.font.sizeSm });
export const swatch = style({
  display: 'inline-block',
  width: 12,
  height: 12,
  borderRadius: 2,
  marginRight: 4,
  verticalAlign: 'middle',
  selectors: { '&[data-kind="holiday"]': { background: vars.color.danger }, '&[data-kind="workday"]': { background: vars.color.primary } },
});
export const detail = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, fontSize: vars.font.sizeSm });
export const attempt = style({ selectors: { '&[data-ok="false"]': { color: vars.color.danger } } });
