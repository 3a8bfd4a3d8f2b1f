// The root every widget renders into: it re-establishes every inherited property, so nothing a host
// page sets on the element (even with !important) leaks into the widget's text.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './contract.ts';

export const widgetRoot = style({
  all: 'initial',
  display: 'block',
  boxSizing: 'border-box',
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeMd,
  lineHeight: 1.5,
  color: vars.color.text,
  height: '100%',
});

globalStyle(`${widgetRoot} *, ${widgetRoot} *::before, ${widgetRoot} *::after`, { boxSizing: 'border-box' });

// How each element sits in the host's layout (docs/embedding.md "Sizing"): a block by default, filling
// the width it is given and as tall as its content unless the host gives it a height (the view fills
// it); the bell and the task badge are inline-blocks of their own intrinsic size. A host's own CSS on
// the tag wins over these.
globalStyle(':host', { display: 'block' });
globalStyle(':host(atrium-alarm-bell), :host(atrium-progress-panel)', { display: 'inline-block', verticalAlign: 'middle' });
globalStyle(':host([hidden])', { display: 'none' });

export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
});

export const button = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeMd,
  cursor: 'pointer',
  color: vars.color.onPrimary,
  background: vars.color.primary,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  },
});

export const buttonGhost = style([
  button,
  { background: 'transparent', color: vars.color.text, border: `1px solid ${vars.color.border}` },
]);

export const input = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeMd,
  selectors: {
    // A border in another colour alone is a faint sign of focus: the ring around it is the one seen (WCAG 2.4.7).
    '&:focus-visible': { borderColor: vars.color.primary, outline: `2px solid ${vars.color.focus}`, outlineOffset: 1 },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

/** One line along the bottom of a video pane, over the picture (the H.265 transcode notice). */
export const paneNote = style({
  position: 'absolute',
  left: vars.space.xs,
  bottom: vars.space.xs,
  maxWidth: `calc(100% - 2 * ${vars.space.xs})`,
  margin: 0,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.overlay,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  pointerEvents: 'none',
});
