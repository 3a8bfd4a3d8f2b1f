// A widget's `theme` attribute (or Atrium.configure({ theme })) assigns the --atrium-theme-* set on
// the element: defaults that any --atrium-* variable the host sets on the element or an ancestor
// overrides (contract.ts reads --atrium-* first).
import { globalStyle } from '@vanilla-extract/css';
import { flatten, themeVarName } from './contract.ts';
import { THEMES } from './tokens.ts';

for (const [name, tokens] of Object.entries(THEMES)) {
  globalStyle(`:host([theme="${name}"])`, { vars: flatten(tokens, [], themeVarName) });
}
