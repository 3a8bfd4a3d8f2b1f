// Theme selection: the console sets data-atrium-theme on <html>; an embedded widget takes a
// `theme` attribute. Both assign the full token set, so switching themes is one attribute.
import { globalStyle } from '@vanilla-extract/css';
import { flatten } from './contract.ts';
import { THEMES } from './tokens.ts';

for (const [name, tokens] of Object.entries(THEMES)) {
  globalStyle(`:root[data-atrium-theme="${name}"], :host([theme="${name}"])`, { vars: flatten(tokens) });
}
