// The cards view of <atrium-device-list view="cards"> (real-time monitoring, SPEC devCard): a filter
// bar, a grid of cards that scrolls inside the element, and the pager with the total below it.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/contract.ts';
import { button, buttonGhost, input } from '../../shared/theme/base.css.ts';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  height: '100%',
  minHeight: 360,
  minWidth: 0,
  color: vars.color.text,
  background: vars.color.bg,
});

export const filters = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });
export const filter = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.font.sizeSm, color: vars.color.textMuted, width: 180, maxWidth: '100%' });
export const field = style([input, { cursor: 'auto' }]);
globalStyle(`${field} option`, { background: vars.color.surface, color: vars.color.text });
export const submit = style([button]);

export const area = style({ position: 'relative', flex: 1, minHeight: 0, overflowY: 'auto', overflowX: 'hidden' });
export const grid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: vars.space.sm, padding: 2, margin: 0, listStyle: 'none' });
export const item = style({ display: 'flex', minWidth: 0 });
export const state = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm, padding: vars.space.xl, textAlign: 'center', color: vars.color.textMuted, margin: 0 });
export const stateError = style({ color: vars.color.danger });

export const card = style({
  all: 'unset',
  flex: 1,
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
  selectors: {
    '&:is(button)': { cursor: 'pointer' },
    '&:is(button):hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-status="online"]': { borderTopColor: vars.color.success },
    '&[data-status="offline"]': { borderTopColor: vars.color.textMuted },
    '&[data-alarm="true"]': { borderTopColor: vars.color.danger },
  },
});

export const cardHead = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm, minWidth: 0 });
export const cardName = style({ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 });
export const cardCode = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const cardState = style({ flex: 'none', fontSize: vars.font.sizeSm, display: 'inline-flex', alignItems: 'center', gap: 4 });
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

export const pager = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' });
export const muted = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });
export const pageButton = style([buttonGhost]);
