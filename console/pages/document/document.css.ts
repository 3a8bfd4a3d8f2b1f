// Styles of the documents page: the upload field, tags, and the preview.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/contract.ts';

export const drop = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  selectors: { '&[data-over="true"]': { borderColor: vars.color.primary, background: vars.color.surfaceRaised } },
});
export const line = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center', fontSize: vars.font.sizeSm });
export const bar = style({ width: '100%', height: 8 });
export const problem = style({ color: vars.color.danger, fontSize: vars.font.sizeSm });
export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: 4 });
export const tag = style({ padding: '0 6px', borderRadius: vars.radius.sm, background: vars.color.surfaceRaised, border: `1px solid ${vars.color.border}`, fontSize: vars.font.sizeSm });
export const stage = style({ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', maxHeight: '70vh', overflow: 'auto', background: vars.color.surfaceRaised, padding: vars.space.sm });
export const canvas = style({ maxWidth: '100%', boxShadow: '0 1px 4px rgba(0,0,0,.3)', background: '#fff' });
export const image = style({ maxWidth: '100%', maxHeight: '66vh' });
