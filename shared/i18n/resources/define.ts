// The shape of one domain's texts; defineResources makes the compiler refuse an en tree that differs from zh.

/** Nested texts: keys named after meaning, leaves are the texts ({{param}} marks a value). */
export interface Tree {
  readonly [key: string]: string | Tree;
}

/** The same keys as T with any text at the leaves. */
export type SameKeys<T> = { readonly [K in keyof T]: T[K] extends string ? string : SameKeys<T[K]> };

/** What every file in resources/ exports by default. */
export interface DomainResources {
  readonly zh: Tree;
  readonly en: Tree;
}

/** Identity at run time; at compile time a key missing from or added to en is an error. */
export function defineResources<T extends Tree>(resources: { zh: T; en: SameKeys<T> }): { readonly zh: T; readonly en: SameKeys<T> } {
  return resources;
}

export interface MergedResources {
  readonly zh: Tree;
  readonly en: Tree;
}

function mergeInto(target: Record<string, string | Tree>, source: Tree, path: string, conflicts: string[]): void {
  for (const [key, value] of Object.entries(source)) {
    const here = path ? `${path}.${key}` : key;
    const existing = target[key];
    if (existing === undefined) {
      target[key] = typeof value === 'string' ? value : structuredClone(value);
    } else if (typeof existing !== 'string' && typeof value !== 'string') {
      mergeInto(existing as Record<string, string | Tree>, value, here, conflicts);
    } else {
      conflicts.push(here);
      target[key] = value;
    }
  }
}

/**
 * Deep-merges the domain files; two files may add keys under one namespace. A key defined twice is
 * reported in `conflicts` (the later file wins) so that a unit test can fail on it.
 */
export function mergeResources(domains: readonly DomainResources[]): MergedResources & { conflicts: readonly string[] } {
  const zh: Record<string, string | Tree> = {};
  const en: Record<string, string | Tree> = {};
  const conflicts: string[] = [];
  for (const domain of domains) {
    mergeInto(zh, domain.zh, '', conflicts);
    mergeInto(en, domain.en, '', conflicts);
  }
  return { zh, en, conflicts: [...new Set(conflicts)] };
}
