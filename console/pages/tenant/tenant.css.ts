// Styles of tenant info: the logo previews at the size the shell shows them.
import { style } from '@vanilla-extract/css';

export const logoMain = style({ width: 220, height: 50, objectFit: 'contain' });
export const logoSmall = style({ width: 25, height: 25, objectFit: 'contain' });
