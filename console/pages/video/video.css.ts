import { style } from '@vanilla-extract/css';

export const page = style({ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 480 });
export const player = style({ display: 'block', flex: 1, minHeight: 420 });
