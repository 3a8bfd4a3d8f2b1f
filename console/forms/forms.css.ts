// Form parts shared by the sign-in pages, personal info and the theme settings.
import { style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/index.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const label = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });

export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'stretch' });

export const fieldError = style({ color: vars.color.danger, fontSize: vars.font.sizeSm, margin: 0 });

export const alert = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
});

export const fieldHint = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: 0 });
