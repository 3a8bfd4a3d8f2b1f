// The widgets' tree (tree-list.tsx), in the theme's colours.
import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.ts';

export const tree = style({ listStyle: 'none', margin: 0, padding: `${vars.space.xs} 0` });

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: 30,
  paddingRight: vars.space.sm,
  cursor: 'pointer',
  outline: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { background: vars.color.surfaceRaised },
    '&:focus-visible': { boxShadow: `inset 0 0 0 2px ${vars.color.primary}` },
    // The chosen item: a bar in the accent colour, the text in the page's own (legible in every theme).
    '&[aria-selected="true"]': { fontWeight: 600, background: vars.color.surfaceRaised, boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
    '&[aria-selected="true"]:focus-visible': { boxShadow: `inset 3px 0 0 ${vars.color.primary}, inset 0 0 0 2px ${vars.color.primary}` },
  },
});

export const twisty = style({
  all: 'unset',
  flex: '0 0 20px',
  height: 20,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  cursor: 'pointer',
});

/** A node's checkbox (checkbox mode). */
export const box = style({
  flex: '0 0 auto',
  width: 14,
  height: 14,
  boxSizing: 'border-box',
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: 3,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 10,
  lineHeight: 1,
  selectors: { '&[data-state="checked"], &[data-state="indeterminate"]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.onPrimary } },
});

export const note = style({ color: vars.color.textMuted, fontWeight: 400 });
