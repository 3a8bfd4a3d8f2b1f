import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.ts';

export const root = style({ position: 'relative', display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 });

export const rootStacked = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gridAutoFlow: 'column',
  gridTemplateRows: 'auto auto',
  alignItems: 'center',
  gap: vars.space.xs,
});

globalStyle(`${rootStacked} > [data-part="calendar-trigger"]`, { gridRow: 'span 2' });

export const hidden = style({ display: 'none' });

export const text = style({ width: '11.5em', flex: '0 1 auto' });
export const textWide = style({ width: '13.5em', flex: '0 1 auto' });

export const dash = style({ color: vars.color.textMuted });

export const trigger = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 30,
  height: 30,
  flex: 'none',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 }, '&[aria-expanded="true"]': { borderColor: vars.color.primary } },
});

export const popup = style({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  insetInlineStart: 0,
  zIndex: 30,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.popover,
  fontSize: vars.font.sizeSm,
});

export const head = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, marginBottom: vars.space.xs });

export const nav = style([
  trigger,
  { width: 26, height: 26, border: 'none', selectors: { '&:hover': { background: vars.color.surface }, '&[data-disabled]': { opacity: 0.4, cursor: 'not-allowed' } } },
]);

export const month = style({ fontWeight: 600 });

export const table = style({ borderCollapse: 'collapse' });

export const weekday = style({ width: 32, height: 24, fontWeight: 400, color: vars.color.textMuted, textAlign: 'center' });

export const day = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 28,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surface },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    '&[data-outside-range]': { color: vars.color.textMuted },
    '&[data-today]': { textDecoration: 'underline' },
    '&[data-in-range]': { background: vars.color.surface },
    '&[data-selected]': { background: vars.color.primary, color: vars.color.onPrimary },
    '&[data-disabled], &[data-unavailable]': { color: vars.color.textMuted, opacity: 0.45, cursor: 'not-allowed', textDecoration: 'line-through' },
  },
});

export const hint = style({ marginTop: vars.space.xs, color: vars.color.textMuted });
