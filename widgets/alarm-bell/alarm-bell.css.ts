import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/contract.ts';

export const host = style({ display: 'inline-block', height: 'auto' });

export const bell = style({
  all: 'unset',
  boxSizing: 'border-box',
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  borderRadius: vars.radius.pill,
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&[data-openable="false"]': { cursor: 'default' },
  },
});

export const icon = style({ width: 20, height: 20, fill: 'currentColor' });

const ring = keyframes({
  '0%': { transform: 'rotate(0)' },
  '15%': { transform: 'rotate(18deg)' },
  '30%': { transform: 'rotate(-16deg)' },
  '45%': { transform: 'rotate(12deg)' },
  '60%': { transform: 'rotate(-8deg)' },
  '75%': { transform: 'rotate(4deg)' },
  '100%': { transform: 'rotate(0)' },
});

const glow = keyframes({
  '0%': { boxShadow: `0 0 0 0 ${vars.color.danger}` },
  '100%': { boxShadow: '0 0 0 12px transparent' },
});

/** A new alarm: the bell rings and glows three times, then rests (re-keyed per arrival). */
export const pulse = style({
  animation: `${ring} 0.8s ease-in-out 3, ${glow} 0.8s ease-out 3`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: `${glow} 0.8s ease-out 1` } },
});

export const count = style({
  position: 'absolute',
  top: -2,
  left: '60%',
  minWidth: 18,
  height: 18,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.danger,
  color: vars.color.onPrimary,
  fontSize: vars.font.sizeSm,
  lineHeight: '18px',
  textAlign: 'center',
  whiteSpace: 'nowrap',
});
