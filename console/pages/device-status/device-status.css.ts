import { style } from '@vanilla-extract/css';

export const page = style({ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 160px)', minHeight: 420 });
export const list = style({ display: 'block', flex: 1, minHeight: 360 });
