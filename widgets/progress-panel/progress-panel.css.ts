import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/contract.ts';
import { button, buttonGhost } from '../../shared/theme/base.css.ts';

export const host = style({ position: 'relative', display: 'inline-block', height: 'auto' });

/** Finished files offered beside the badge while the dialog is closed. */
export const ready = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  right: 0,
  zIndex: 20,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: 'max-content',
  maxWidth: 360,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderLeft: `4px solid ${vars.color.success}`,
  boxShadow: vars.shadow.popover,
  fontSize: vars.font.sizeSm,
});
export const readyRow = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.xs, flexWrap: 'wrap' });
export const readyText = style({ flex: '1 1 auto' });

export const badge = style({
  all: 'unset',
  boxSizing: 'border-box',
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 36,
  height: 36,
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const icon = style({ width: 20, height: 20, fill: 'currentColor' });

export const count = style({
  position: 'absolute',
  top: -2,
  left: '60%',
  minWidth: 18,
  height: 18,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  background: vars.color.primary,
  color: vars.color.onPrimary,
  fontSize: vars.font.sizeSm,
  lineHeight: '18px',
  textAlign: 'center',
});

export const dialog = style({
  border: 'none',
  borderRadius: vars.radius.md,
  padding: vars.space.xl,
  width: 'min(960px, 92vw)',
  maxHeight: '80vh',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.popover,
  fontFamily: vars.font.family,
  fontSize: vars.font.sizeMd,
  selectors: { '&::backdrop': { background: vars.color.overlay } },
});

export const title = style({ margin: `0 0 ${vars.space.lg}`, fontSize: vars.font.sizeLg });

export const scroller = style({ maxHeight: '55vh', overflow: 'auto' });

export const table = style({ width: '100%', borderCollapse: 'collapse' });

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  textAlign: 'left',
  verticalAlign: 'middle',
  whiteSpace: 'nowrap',
});

export const head = style([cell, { color: vars.color.textMuted, fontWeight: 'normal' }]);

export const detail = style([cell, { whiteSpace: 'normal', wordBreak: 'break-word', maxWidth: 240 }]);

export const empty = style([cell, { textAlign: 'center', color: vars.color.textMuted }]);

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style({
  display: 'inline-block',
  width: 14,
  height: 14,
  border: `2px solid ${vars.color.border}`,
  borderTopColor: vars.color.info,
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minWidth: 160,
});

export const track = style({
  flex: 1,
  height: 8,
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  overflow: 'hidden',
});

const fillBase = style({ height: '100%', borderRadius: vars.radius.pill, transition: 'width 0.3s' });

export const fill = styleVariants({
  success: [fillBase, { background: vars.color.success }],
  info: [fillBase, { background: vars.color.info }],
  danger: [fillBase, { background: vars.color.danger }],
});

export const footer = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});

export const finishedBox = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, cursor: 'pointer' });

export const message = style({ flex: 1, color: vars.color.info, minHeight: '1.5em' });

export const cancel = style([buttonGhost]);
export const remove = style([button, { background: vars.color.danger }]);

export const download = style({
  all: 'unset',
  display: 'inline-block',
  marginLeft: vars.space.xs,
  color: vars.color.text,
  cursor: 'pointer',
  textDecoration: 'underline',
  textDecorationColor: vars.color.primary,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}` }, '&:disabled': { opacity: 0.5, cursor: 'wait' } },
});
