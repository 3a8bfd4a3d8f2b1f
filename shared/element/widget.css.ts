import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.ts';
import { buttonGhost } from '../theme/base.css.ts';

export const failure = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
});

export const failureDetail = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm });

export const failureRetry = style([buttonGhost, { alignSelf: 'flex-start' }]);
