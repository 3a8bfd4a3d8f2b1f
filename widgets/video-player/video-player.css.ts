// Layout of the player: a toolbar over one or two panes; overlays and the pan-tilt panel float.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/contract.ts';

export const root = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: '100%',
  height: '100%',
  // 200 px where there is room; inside a smaller box (a scada page's camera) it fits the box instead
  // of running out of it.
  minHeight: 'min(200px, 100%)',
  background: vars.color.bg,
  color: vars.color.text,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  // A narrow player's controls take more lines, never more than its own box (they scroll inside it).
  maxHeight: '50%',
  overflowY: 'auto',
  flex: 'none',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surface,
});

export const title = style({
  flex: '1 1 auto',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
});

export const segmented = style({
  display: 'inline-flex',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  overflow: 'hidden',
});

export const segment = style({
  all: 'unset',
  cursor: 'pointer',
  padding: `2px ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
  color: vars.color.text,
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.primary, color: vars.color.onPrimary },
    '&:disabled': { opacity: 0.45, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: -2 },
    // The pressed segment is filled with the active colour: its focus ring takes the text colour on it.
    '&[aria-pressed="true"]:focus-visible': { outlineColor: vars.color.onPrimary },
  },
});

export const small = style({ padding: `2px ${vars.space.sm}`, fontSize: vars.font.sizeSm });

export const panes = style({
  position: 'relative',
  flex: '1 1 auto',
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: '1fr',
  gap: vars.space.xs,
  minHeight: 0,
});

export const pane = style({
  position: 'relative',
  minWidth: 0,
  // Small enough that a wall pane's replay still shows its toolbar and timeline.
  minHeight: 90,
  // Letterbox bars behind a picture are black in every theme, as on any video surface.
  background: '#000',
  overflow: 'hidden',
});

export const surface = style({ position: 'absolute', inset: 0 });

globalStyle(`${surface} > video`, { width: '100%', height: '100%', objectFit: 'contain', display: 'block' });

export const paneLabel = style({
  position: 'absolute',
  top: vars.space.xs,
  left: vars.space.xs,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.overlay,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  pointerEvents: 'none',
});

export const overlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.md,
  textAlign: 'center',
  background: vars.color.overlay,
  color: vars.color.text,
  fontSize: vars.font.sizeMd,
});

/** A failed camera's state: opaque, so no picture (a last frame, a late one) can show through it. */
export const overlayCover = style([overlay, { background: '#000', color: '#fff' }]);

export const overlayCorner = style({
  position: 'absolute',
  right: vars.space.xs,
  bottom: vars.space.xs,
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'center',
  fontSize: vars.font.sizeSm,
});

export const panel = style({
  position: 'absolute',
  zIndex: 2,
  top: 40,
  right: vars.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: 300,
  maxWidth: 'calc(100% - 16px)',
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.popover,
});

export const panelHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, fontWeight: 600 });

export const field = style({ display: 'flex', flexDirection: 'column', gap: 2, fontSize: vars.font.sizeSm });

export const error = style({ color: vars.color.danger, fontSize: vars.font.sizeSm });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });

export const pad = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space.xs });

export const padButton = style({
  touchAction: 'none',
  userSelect: 'none',
  selectors: { '&[data-held="true"]': { outline: `2px solid ${vars.color.warning}` } },
});

export const zoomRow = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.xs });

export const slider = style({ width: '100%', accentColor: vars.color.primary });

// ---- replay timeline ----------------------------------------------------------------------------

export const timeline = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surface,
  fontSize: vars.font.sizeSm,
});

export const timelineControls = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm });

export const clock = style({ fontVariantNumeric: 'tabular-nums', minWidth: '8ch', fontWeight: 600 });

export const track = style({
  position: 'relative',
  height: 34,
  borderRadius: vars.radius.sm,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
  cursor: 'pointer',
  touchAction: 'none',
  userSelect: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 } },
});

export const segmentBar = style({
  position: 'absolute',
  top: 4,
  height: 14,
  minWidth: 1,
  background: vars.color.success,
  opacity: 0.85,
  pointerEvents: 'none',
  selectors: {
    '&[data-state="abnormal"]': { background: `repeating-linear-gradient(45deg, ${vars.color.danger} 0 3px, transparent 3px 6px)`, opacity: 1 },
    '&[data-trigger="motion"]': { background: vars.color.warning },
  },
});

export const tick = style({
  position: 'absolute',
  bottom: 0,
  height: 14,
  borderLeft: `1px solid ${vars.color.border}`,
  paddingLeft: 2,
  color: vars.color.textMuted,
  fontSize: 10,
  lineHeight: '14px',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
});

export const cursor = style({ position: 'absolute', top: 0, bottom: 0, width: 2, marginLeft: -1, background: vars.color.primary, pointerEvents: 'none' });

export const preview = style([cursor, { background: vars.color.text, opacity: 0.7 }]);

export const selection = style({ position: 'absolute', top: 0, bottom: 0, background: vars.color.primary, opacity: 0.3, pointerEvents: 'none' });

export const still = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' });

export const visuallyHidden = style({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
