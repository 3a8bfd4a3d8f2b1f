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
// Links in the body text colour, the accent in the underline: the accent as text is 2.5–2.8:1 on the
// light theme's surfaces (as console/resource/resource.css.ts does for its link buttons).
globalStyle('a', { color: vars.color.text, textDecorationColor: vars.color.primary, textUnderlineOffset: 3 });
globalStyle(':focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 });

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

// The service worker's "new version" bar (console/sw/register.ts draws it without React).
globalStyle('.atrium-update', {
  position: 'fixed',
  right: 16,
  bottom: 16,
  zIndex: 1000,
  display: 'flex',
  gap: 12,
  alignItems: 'center',
  padding: '10px 14px',
  borderRadius: 8,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.popover,
  fontSize: 14,
});
globalStyle('.atrium-update button', {
  all: 'unset',
  cursor: 'pointer',
  padding: '4px 10px',
  borderRadius: 4,
  border: `1px solid ${vars.color.border}`,
});
globalStyle('.atrium-update button:first-of-type', { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary });
globalStyle('.atrium-update button:focus-visible', { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 });
