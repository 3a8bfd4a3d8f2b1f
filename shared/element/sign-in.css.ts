import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.ts';
import { button, buttonGhost, input } from '../theme/base.css.ts';

export const box = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  maxWidth: 320,
});

export const field = style([input, { width: '100%', boxSizing: 'border-box' }]);
export const captchaRow = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center' });
export const captcha = style({ height: 32, cursor: 'pointer', borderRadius: vars.radius.sm, flex: 'none' });
export const submit = style([button, { alignSelf: 'flex-start' }]);
export const open = style([buttonGhost, { alignSelf: 'flex-start' }]);
export const error = style({ color: vars.color.danger });
