// Theme selection: the console sets data-atrium-theme on <html> (the --atrium-* set); an embedded
// widget takes a `theme` attribute, which assigns the --atrium-theme-* set: defaults that any
// --atrium-* variable a host sets on the element or an ancestor overrides (contract.ts).
import { globalStyle } from '@vanilla-extract/css';
import { flatten, themeVarName } from './contract.ts';
import { THEMES } from './tokens.ts';

for (const [name, tokens] of Object.entries(THEMES)) {
  globalStyle(`:root[data-atrium-theme="${name}"]`, { vars: flatten(tokens) });
  globalStyle(`:host([theme="${name}"])`, { vars: flatten(tokens, [], themeVarName) });
}
