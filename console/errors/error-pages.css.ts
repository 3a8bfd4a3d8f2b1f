import { style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/index.ts';

export const page = style({
  minHeight: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  padding: vars.space.xl,
  textAlign: 'center',
});

export const code = style({ fontSize: 72, fontWeight: 700, lineHeight: 1, color: vars.color.primary, margin: 0 });

export const text = style({ color: vars.color.textMuted, margin: 0, fontSize: vars.font.sizeLg });
