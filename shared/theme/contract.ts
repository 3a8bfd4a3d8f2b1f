// Public theme variables. Each reference reads, in order: --atrium-* (set by the host on the element or
// any ancestor, or by the console on <html>), then --atrium-theme-* (what a widget's `theme` attribute
// or Atrium.configure({ theme }) assigns on the element), then the blue theme. So a widget looks right
// on a page that sets nothing, a configured theme applies, and variables a host sets anywhere above win.
import { blueTheme, type Tokens } from './tokens.ts';

type Refs<T> = { [K in keyof T]: T[K] extends string ? string : Refs<T[K]> };

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `--atrium-color-primary` for the path ['color', 'primary']. */
export const varName = (path: string[]): string => `--atrium-${path.map(kebab).join('-')}`;

/** `--atrium-theme-color-primary`: the configured theme's value, below anything a host sets. */
export const themeVarName = (path: string[]): string => `--atrium-theme-${path.map(kebab).join('-')}`;

function build<T extends object>(tree: T, path: string[]): Refs<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const next = [...path, key];
    out[key] = typeof value === 'string' ? `var(${varName(next)}, var(${themeVarName(next)}, ${value}))` : build(value as object, next);
  }
  return out as Refs<T>;
}

export const vars: Refs<Tokens> = build(blueTheme, []);

/** The flat `--atrium-*` → value map of a token set, for assigning a whole theme. */
export function flatten(tree: object, path: string[] = [], name: (path: string[]) => string = varName): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const next = [...path, key];
    if (typeof value === 'string') out[name(next)] = value;
    else Object.assign(out, flatten(value as object, next, name));
  }
  return out;
}
