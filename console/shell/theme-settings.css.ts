import { style } from '@vanilla-extract/css';
import { vars } from '../../shared/theme/index.ts';

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, border: 'none', margin: 0, padding: 0 });

export const legend = style({ padding: 0, marginBottom: vars.space.sm, fontWeight: 600 });

export const themes = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' });

export const themeOption = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primary, boxShadow: `inset 0 0 0 1px ${vars.color.primary}`, fontWeight: 600 } },
});

export const colorRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' });

export const colorInput = style({ width: 40, height: 32, padding: 0, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, background: 'none', cursor: 'pointer' });

export const hexInput = style({ width: 110 });

export const swatch = style({
  all: 'unset',
  width: 22,
  height: 22,
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
  },
});

export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end' });

export const drawerPositioner = style({ position: 'fixed', inset: 0, display: 'flex', justifyContent: 'flex-end', zIndex: 41, pointerEvents: 'none' });

export const drawer = style({
  pointerEvents: 'auto',
  width: 360,
  maxWidth: '100%',
  height: '100%',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  color: vars.color.text,
  boxShadow: vars.shadow.popover,
  outline: 'none',
});

export const drawerHeader = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between' });

export const drawerTitle = style({ margin: 0, fontSize: vars.font.sizeLg });

export const page = style({ maxWidth: 520, padding: vars.space.lg, borderRadius: vars.radius.md, background: vars.color.surface });
