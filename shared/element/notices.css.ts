import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.ts';
import { button } from '../theme/base.css.ts';

export const toastStack = style({
  position: 'fixed',
  top: vars.space.lg,
  left: '50%',
  transform: 'translateX(-50%)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  zIndex: 2147483000,
  pointerEvents: 'none',
});

export const toast = style({
  minWidth: 240,
  maxWidth: '80vw',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.popover,
  borderLeft: `4px solid ${vars.color.info}`,
  pointerEvents: 'auto',
  selectors: {
    '&[data-level="error"]': { borderLeftColor: vars.color.danger },
    '&[data-level="warning"]': { borderLeftColor: vars.color.warning },
    '&[data-level="success"]': { borderLeftColor: vars.color.success },
  },
});

export const dialog = style({
  border: 'none',
  borderRadius: vars.radius.md,
  padding: vars.space.xl,
  minWidth: 320,
  maxWidth: 480,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.popover,
  selectors: { '&::backdrop': { background: vars.color.overlay } },
});

export const dialogTitle = style({ margin: 0, fontSize: vars.font.sizeLg });
export const dialogBody = style({ margin: `${vars.space.md} 0 ${vars.space.lg}` });
export const dialogActions = style({ display: 'flex', justifyContent: 'flex-end', margin: 0 });
export const dialogButton = style([button]);
