// Public theme variables. Each reference carries the blue theme as its fallback, so a widget looks
// right on a page that sets nothing, and any --atrium-* set on the element or an ancestor wins.
import { blueTheme, type Tokens } from './tokens.ts';

type Refs<T> = { [K in keyof T]: T[K] extends string ? string : Refs<T[K]> };

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** `--atrium-color-primary` for the path ['color', 'primary']. */
export const varName = (path: string[]): string => `--atrium-${path.map(kebab).join('-')}`;

function build<T extends object>(tree: T, path: string[]): Refs<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    const next = [...path, key];
    out[key] = typeof value === 'string' ? `var(${varName(next)}, ${value})` : build(value as object, next);
  }
  return out as Refs<T>;
}

export const vars: Refs<Tokens> = build(blueTheme, []);

/** The flat `--atrium-*` → value map of a token set, for assigning a whole theme. */
export function flatten(tree: object, path: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const next = [...path, key];
    if (typeof value === 'string') out[varName(next)] = value;
    else Object.assign(out, flatten(value as object, next));
  }
  return out;
}
