import { style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/index.ts';

export const backdrop = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: 60 });

export const spotlight = style({ zIndex: 61, borderRadius: vars.radius.sm, boxShadow: `0 0 0 2px ${vars.color.primary}` });

export const positioner = style({
  zIndex: 62,
  // The library places a step absolutely in the document. Fixed, a step that reaches past the window
  // cannot make the document scrollable (the shell never scrolls as a whole), and moving focus into
  // it cannot scroll the shell out of view. The document never scrolls, so the coordinates agree.
  position: 'fixed !important' as 'fixed',
  // Tooltip steps get an inline z-index of --tour-layer (2) + --tour-z-index: above the backdrop (60).
  vars: { '--tour-z-index': '60' },
  selectors: {
    // Steps without a target (welcome) sit in the middle of the window.
    '&[data-type="dialog"], &[data-type="floating"]': {
      position: 'fixed',
      inset: 0,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      pointerEvents: 'none',
    },
    '&[hidden]': { display: 'none' },
  },
});

export const content = style({
  width: 320,
  maxWidth: 'calc(100vw - 24px)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.popover,
  outline: 'none',
  pointerEvents: 'auto',
  selectors: { '&[hidden]': { display: 'none' } },
});

export const title = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600 });

export const text = style({ margin: 0, color: vars.color.textMuted });

export const footer = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginTop: vars.space.sm });

export const progress = style({ marginRight: 'auto', fontSize: vars.font.sizeSm, color: vars.color.textMuted });

export const arrowTip = style({ background: vars.color.surfaceRaised, borderTop: `1px solid ${vars.color.border}`, borderLeft: `1px solid ${vars.color.border}` });
