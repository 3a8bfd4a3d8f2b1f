import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/index.ts';

export const screen = style({
  minHeight: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  padding: vars.space.xl,
  background: `linear-gradient(180deg, ${vars.color.navBg}, ${vars.color.bg})`,
});

export const top = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const title = style({ margin: 0, fontSize: 28, fontWeight: 600, letterSpacing: 1 });

export const muted = style({ margin: 0, color: vars.color.textMuted });

export const cards = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: vars.space.lg, margin: 0, padding: 0 });

export const card = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
});

export const cardLabel = style({ margin: 0, color: vars.color.textMuted });

export const cardValue = style({ margin: 0, fontSize: 32, fontWeight: 700, color: vars.color.primary });
