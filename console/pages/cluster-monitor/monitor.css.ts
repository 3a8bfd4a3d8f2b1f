// Styles of the two monitors (cluster and queue): node cards, figures and charts.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/index.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, color: vars.color.text });
export const title = style({ margin: 0, fontSize: vars.font.sizeXl });
export const card = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, padding: vars.space.md, background: vars.color.surface, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const figures = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: vars.space.sm, margin: 0 });
export const figure = style({ display: 'flex', flexDirection: 'column', gap: 2 });
export const term = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted });
export const value = style({ fontSize: vars.font.sizeLg, margin: 0 });
export const charts = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(360px, 1fr))', gap: vars.space.md });
export const chart = style({ width: '100%', height: 220 });
