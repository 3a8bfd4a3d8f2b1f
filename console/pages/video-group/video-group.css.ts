import { style } from '@vanilla-extract/css';
import { vars } from '../../../shared/theme/contract.ts';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, height: '100%', minHeight: 480, color: vars.color.text });
export const tabs = style({ display: 'flex', gap: vars.space.xs });
export const wall = style({ flex: 1, minHeight: 480 });
