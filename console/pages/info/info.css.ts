import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/index.ts';

export const page = style({ display: 'grid', gap: vars.space.lg, gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))', alignItems: 'start' });

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const heading = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600 });

export const identity = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg });

export const avatar = style({ width: 96, height: 96, borderRadius: '50%', objectFit: 'cover', background: vars.color.surfaceRaised, flex: 'none' });

export const facts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.xs} ${vars.space.md}`, margin: 0 });

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, overflowWrap: 'anywhere' });

export const hint = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.textMuted });

export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end' });
