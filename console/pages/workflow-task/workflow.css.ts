// Styles of the workflow task pages: the box tabs, a request's detail and its decision area.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/contract.ts';

export const tabs = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap', marginBottom: vars.space.sm });
export const tab = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&[aria-current="page"]': { background: vars.color.primary, color: vars.color.onPrimary, borderColor: vars.color.primary }, '&:focus-visible': { outline: `2px solid ${vars.color.focus}` } },
});
export const count = style({ marginLeft: 6, fontWeight: 700 });
export const columns = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: vars.space.md });
export const heading = style({ margin: `${vars.space.sm} 0 ${vars.space.xs}`, fontSize: vars.font.sizeMd });
export const values = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: 4 });
export const pair = style({ display: 'grid', gridTemplateColumns: '8em 1fr', gap: vars.space.xs });
export const steps = style({ margin: 0, paddingLeft: '1.4em', display: 'flex', flexDirection: 'column', gap: 4, fontSize: vars.font.sizeSm });
export const timeline = style({ margin: 0, paddingLeft: '1.4em', display: 'flex', flexDirection: 'column', gap: 4, fontSize: vars.font.sizeSm });
export const decide = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, marginTop: vars.space.sm });
export const choice = style({ display: 'flex', gap: vars.space.md, border: 'none', padding: 0, margin: 0 });
