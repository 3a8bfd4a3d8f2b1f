// Page-wide styles of the console: the document fills the window and takes the theme's colours.
import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { vars } from '../shared/theme/index.ts';

globalStyle('html, body, #app', { height: '100%', margin: 0 });
globalStyle('body', {
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeMd,
  lineHeight: 1.5,
});
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('a', { color: vars.color.primary });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.primary}`, outlineOffset: 2 });

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const boot = style({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  color: vars.color.textMuted,
});

export const spinner = style({
  width: 28,
  height: 28,
  borderRadius: '50%',
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' } },
});
