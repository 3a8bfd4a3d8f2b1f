import { style } from '@vanilla-extract/css';

export const page = style({ position: 'fixed', inset: 0, zIndex: 10, display: 'flex' });
export const wall = style({ display: 'block', flex: 1 });
