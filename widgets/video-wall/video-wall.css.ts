import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/contract.ts';
import { ROW_HEIGHT } from '../../shared/wall/camera-filter.ts';

export const root = style({
  display: 'grid',
  gridTemplateColumns: '200px 260px 1fr',
  gap: vars.space.sm,
  height: '100%',
  minHeight: 420,
  padding: vars.space.sm,
  color: vars.color.text,
  background: vars.color.bg,
});

/** Stand-alone /video_wall: the whole viewport, dashboard style. */
export const fullscreen = style({ position: 'fixed', inset: 0, zIndex: 1, minHeight: 0, height: '100vh' });

export const column = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
});

export const heading = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.textMuted, fontWeight: 600 });

export const filter = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeSm,
  // A border in another colour alone is a faint sign of focus: the ring around it is the one seen (WCAG 2.4.7).
  selectors: { '&:focus-visible': { borderColor: vars.color.primary, outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 } },
});

/** The group tree's scrolling box (the tree itself is shared/tree's). */
export const tree = style({ overflow: 'auto', flex: 1, minHeight: 0 });
/** The line that offers to load the groups again. */
export const retryLine = style({
  all: 'unset',
  cursor: 'pointer',
  padding: `2px ${vars.space.xs}`,
  fontSize: vars.font.sizeSm,
  color: vars.color.danger,
  selectors: { '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` } },
});

export const count = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });

export const scroller = style({
  position: 'relative',
  flex: 1,
  minHeight: 0,
  overflow: 'auto',
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` } },
});

export const rows = style({ position: 'relative', width: '100%' });

export const row = style({
  position: 'absolute',
  left: 0,
  right: 0,
  height: ROW_HEIGHT,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  fontSize: vars.font.sizeSm,
  cursor: 'grab',
  whiteSpace: 'nowrap',
  userSelect: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&[data-focused="true"]': { boxShadow: `inset 0 0 0 2px ${vars.color.focus}` },
    // The chosen camera: a bar in the active colour beside text in the text colour (the active colour
    // as text is 2.78:1 on the light theme's white).
    '&[data-active="true"]': { fontWeight: 600, boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
    '&[data-active="true"][data-focused="true"]': { boxShadow: `inset 3px 0 0 ${vars.color.primary}, inset 0 0 0 2px ${vars.color.focus}` },
  },
});

export const rowName = style({ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' });
export const rowLabel = style({ color: vars.color.textMuted });
// "On the wall": text in the text colour inside a ring of the success colour (green as text is 2.24:1 on white).
export const badge = style({ fontSize: vars.font.sizeSm, color: vars.color.text, border: `1px solid ${vars.color.success}`, borderRadius: vars.radius.pill, padding: '0 6px', lineHeight: 1.4 });

export const hint = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted, margin: 0 });

export const panes = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gridTemplateRows: '1fr 1fr', gap: vars.space.sm, minHeight: 0 });

export const pane = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minHeight: 0,
  minWidth: 0,
  overflow: 'hidden',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  // Video is black whatever the theme: letterboxing must not take the surface colour.
  background: '#000',
  selectors: { '&[data-pending="true"]': { borderColor: vars.color.primary } },
});

export const paneBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.xs}`,
  fontSize: vars.font.sizeSm,
  background: vars.color.surfaceRaised,
});
export const paneTitle = style({ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const iconButton = style({
  all: 'unset',
  cursor: 'pointer',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` }, '&:hover': { color: vars.color.danger } },
});

export const surface = style({ position: 'relative', flex: 1, minHeight: 0 });
globalStyle(`${surface} > video`, { width: '100%', height: '100%', objectFit: 'contain', display: 'block' });

/** A pane's replay player, over its live picture (and over the drop zone). */
export const replay = style({ position: 'absolute', inset: 0, zIndex: 3, display: 'flex', overflow: 'auto', background: vars.color.bg });
export const replayPlayer = style({ flex: 1, minWidth: 0, minHeight: 0 });

/** Where a dragged camera lands; Sortable puts the dragged row here during the drag. */
export const drop = style({ position: 'absolute', inset: 0, zIndex: 1 });
globalStyle(`${drop} > *`, { opacity: 0.6 });

export const tip = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  textAlign: 'center',
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const place = style({
  all: 'unset',
  position: 'absolute',
  inset: vars.space.md,
  zIndex: 2,
  display: 'grid',
  placeItems: 'center',
  border: `2px dashed ${vars.color.primary}`,
  borderRadius: vars.radius.sm,
  color: vars.color.primary,
  cursor: 'pointer',
  // Focused: the dashed frame turns into a solid ring (a darker fill alone was hard to see).
  selectors: { '&:focus-visible': { background: vars.color.overlay, outline: `3px solid ${vars.color.focus}`, outlineOffset: 2 } },
});

export const notice = style({
  gridColumn: '3',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.xl,
  textAlign: 'center',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  color: vars.color.warning,
  background: vars.color.surface,
});
