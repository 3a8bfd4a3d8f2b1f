import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/index.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, color: vars.color.text });
export const title = style({ margin: 0, fontSize: vars.font.sizeXl });
export const form = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-end' });
export const period = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-end' });
export const chart = style({ width: '100%', height: 320 });
