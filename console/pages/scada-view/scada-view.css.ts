import { style } from '@vanilla-extract/css';

export const page = style({ position: 'fixed', inset: 0, display: 'flex' });
