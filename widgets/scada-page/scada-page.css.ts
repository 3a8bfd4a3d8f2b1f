import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/contract.ts';

export const host = style({ display: 'block', position: 'relative', width: '100%', height: '100%', minHeight: 120, overflow: 'hidden', background: vars.color.bg, color: vars.color.text });

/** The page at its own size, scaled into the host by a transform. */
export const stage = style({ position: 'absolute', left: 0, top: 0, transformOrigin: '0 0', overflow: 'hidden', background: vars.color.surface });

export const background = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain', pointerEvents: 'none', userSelect: 'none' });

export const element = style({ position: 'absolute', boxSizing: 'border-box', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', fontFamily: vars.font.family });

// An element in alarm blinks a ring around itself, not its text: faded text fell below 4.5:1 half the
// time (axe on /scada_view). Without motion (prefers-reduced-motion) the ring stays on.
const ring = `inset 0 0 0 3px ${vars.color.danger}`;
const blink = keyframes({ '0%, 100%': { boxShadow: ring }, '50%': { boxShadow: 'inset 0 0 0 3px transparent' } });
export const alarming = style({
  animation: `${blink} 1s steps(2, start) infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none', boxShadow: ring } },
});

export const point = style({ flexDirection: 'column', gap: 2, fontVariantNumeric: 'tabular-nums', lineHeight: 1.1, textAlign: 'center' });
export const pointLabel = style({ fontSize: '0.6em', color: vars.color.textMuted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '100%' });

export const badge = style({ borderRadius: vars.radius.pill, padding: '2px 10px', fontSize: vars.font.sizeSm, fontWeight: 600, color: '#0B1020' });

export const switchButton = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  height: '100%',
  borderRadius: vars.radius.md,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 6,
  fontWeight: 600,
  cursor: 'pointer',
  border: `2px solid ${vars.color.border}`,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 }, '&[aria-pressed="true"]': { background: vars.color.success, color: '#0B1020' }, '&:disabled': { cursor: 'not-allowed', opacity: 0.6 } },
});

export const confirm = style({
  position: 'absolute',
  zIndex: 10,
  left: '50%',
  top: '50%',
  transform: 'translate(-50%, -50%)',
  minWidth: 260,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.popover,
  display: 'grid',
  gap: vars.space.md,
});

export const list = style({ listStyle: 'none', margin: 0, padding: 4, width: '100%', height: '100%', overflow: 'auto', fontSize: vars.font.sizeSm, alignSelf: 'stretch' });

// The theme's text colour with the accent in the underline (the accent as text is 2.8:1 on the light theme's white).
export const link = style({ color: vars.color.text, textDecorationColor: vars.color.primary, textUnderlineOffset: 3, cursor: 'pointer', textDecoration: 'underline', background: 'none', border: 0, font: 'inherit' });

export const placeholder = style({ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#000a', color: '#fff', fontSize: vars.font.sizeSm, textAlign: 'center' });

export const message = style({ padding: vars.space.lg, color: vars.color.textMuted });

// The player fills its element's box (stretched, not centred: centred, a player taller than a small
// box put its controls above the box).
export const camera = style({ width: '100%', height: '100%', alignSelf: 'stretch', display: 'block', minHeight: 0 });

const action = style({ all: 'unset', boxSizing: 'border-box', padding: '6px 14px', borderRadius: vars.radius.sm, cursor: 'pointer', fontSize: vars.font.sizeMd, selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 }, '&:disabled': { opacity: 0.6, cursor: 'not-allowed' } } });
export const primary = style([action, { background: vars.color.primary, color: vars.color.onPrimary }]);
export const ghost = style([action, { border: `1px solid ${vars.color.border}`, color: vars.color.text }]);
