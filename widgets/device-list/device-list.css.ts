import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/contract.ts';
import { buttonGhost, input as inputBase } from '../../shared/theme/base.css.ts';
import { ROW_HEIGHT } from '../../shared/element/virtual-range.ts';

/** Code, name, label, address, SN, IP, status, gateway, area: min widths so narrow hosts scroll sideways. */
const MIN_WIDTHS = [120, 130, 90, 72, 118, 108, 80, 110, 110];
const SHARES = [1.2, 1.2, 1, 0.6, 0.9, 0.8, 0.6, 1, 1];
export const COLUMNS = MIN_WIDTHS.map((w, i) => `minmax(${w}px, ${SHARES[i]}fr)`).join(' ');
/** 938 px: the list fits beside its area tree in the console at 1440 px with the sidebar open. */
const MIN_WIDTH = MIN_WIDTHS.reduce((a, b) => a + b, 0);

// In a narrow column (a portal's side bar, 320 px: WCAG 1.4.10) the area tree goes above the list
// instead of beside it; the list's own box still scrolls its wide grid sideways, the page never does.
const NARROW = '(max-width: 560px)';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignContent: 'flex-start',
  containerType: 'inline-size',
  gap: vars.space.md,
  height: '100%',
  minHeight: 360,
  color: vars.color.text,
  background: vars.color.bg,
});

export const side = style({
  flex: '0 0 220px',
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  overflow: 'auto',
  maxHeight: '100%',
  '@container': { [NARROW]: { flex: '1 1 100%', maxHeight: 120 } },
});

export const sideTitle = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
});


export const main = style({
  flex: '1 1 0',
  minWidth: 0,
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  '@container': { [NARROW]: { flex: '1 1 100%', height: 'auto', minHeight: 280 } },
});

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });
export const search = style([inputBase, { width: 260, maxWidth: '100%', padding: `${vars.space.xs} ${vars.space.md}` }]);
export const select = style([inputBase, { width: 140, maxWidth: '100%', padding: `${vars.space.xs} ${vars.space.md}`, cursor: 'pointer' }]);
globalStyle(`${select} option`, { background: vars.color.surface, color: vars.color.text });
export const totalText = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, marginLeft: 'auto' });
export const notice = style({ fontSize: vars.font.sizeSm, color: vars.color.warning });

export const grid = style({
  position: 'relative',
  flex: '1 1 auto',
  minHeight: 0,
  overflow: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  outline: 'none',
  overflowAnchor: 'none',
  selectors: { '&:focus-visible': { boxShadow: `0 0 0 2px ${vars.color.primary}` } },
});

const rowBase = style({
  display: 'grid',
  gridTemplateColumns: COLUMNS,
  minWidth: MIN_WIDTH,
  height: ROW_HEIGHT,
  alignItems: 'center',
});

export const headRow = style([
  rowBase,
  {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    background: vars.color.surfaceRaised,
    borderBottom: `1px solid ${vars.color.border}`,
    fontSize: vars.font.sizeSm,
    color: vars.color.textMuted,
  },
]);

export const headCell = style({ display: 'flex', minWidth: 0 });

export const sortButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  width: '100%',
  height: ROW_HEIGHT,
  padding: `0 ${vars.space.sm}`,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.primary}` },
  },
});

export const sortMark = style({ fontSize: 10, opacity: 0.9 });

export const body = style({ position: 'relative', minWidth: MIN_WIDTH });

export const row = style([
  rowBase,
  {
    position: 'absolute',
    left: 0,
    right: 0,
    top: 0,
    borderBottom: `1px solid ${vars.color.border}`,
    cursor: 'default',
    selectors: {
      '&:hover': { background: vars.color.surfaceRaised },
      '&[data-active="true"]': { boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
      '&[aria-selected="true"]': { background: vars.color.surfaceRaised, color: vars.color.primary },
      '&[data-selectable="true"]': { cursor: 'pointer' },
    },
  },
]);

export const cell = style({
  minWidth: 0,
  padding: `0 ${vars.space.sm}`,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const status = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const dot = styleVariants({
  online: { width: 8, height: 8, borderRadius: vars.radius.pill, background: vars.color.success, flex: '0 0 auto' },
  offline: { width: 8, height: 8, borderRadius: vars.radius.pill, background: vars.color.danger, flex: '0 0 auto' },
  // Unknown is a hollow ring, so the three states differ in shape as well as colour.
  unknown: { width: 8, height: 8, borderRadius: vars.radius.pill, border: `2px solid ${vars.color.textMuted}`, flex: '0 0 auto' },
});

export const statusText = styleVariants({
  online: { color: vars.color.success },
  offline: { color: vars.color.danger },
  unknown: { color: vars.color.textMuted },
});

export const state = style({
  position: 'absolute',
  inset: `${ROW_HEIGHT}px 0 0 0`,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  padding: vars.space.lg,
  textAlign: 'center',
});

export const stateError = style({ color: vars.color.danger });
export const retry = style([buttonGhost]);
