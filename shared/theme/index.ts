export { vars, varName, themeVarName, flatten } from './contract.ts';
export { THEMES, blueTheme, darkTheme, lightTheme } from './tokens.ts';
export type { Tokens } from './tokens.ts';
