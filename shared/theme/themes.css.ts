// Theme selection in the console: it sets data-atrium-theme on <html>, which assigns the --atrium-*
// set. Widgets take a `theme` attribute instead (host-themes.css.ts, the only part the kit carries).
import { globalStyle } from '@vanilla-extract/css';
import { flatten } from './contract.ts';
import { THEMES } from './tokens.ts';
import './host-themes.css.ts';

for (const [name, tokens] of Object.entries(THEMES)) {
  globalStyle(`:root[data-atrium-theme="${name}"]`, { vars: flatten(tokens) });
}
