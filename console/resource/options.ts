// Options of a select: given directly, or loaded once when the select first shows.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Option, Options } from './types.ts';

const NONE: readonly Option[] = [];

/**
 * The options with their texts: an option declared with a `labelKey` shows its translation. Loaded
 * options load again when `reloadKey` changes (a filter after the page's own changes, e.g. a camera's
 * new tag), showing the previous list meanwhile.
 */
export function useOptions(options: Options, reloadKey: unknown = 0): readonly Option[] {
  const { t } = useTranslation();
  const list = useLoadedOptions(options, reloadKey);
  return useMemo(() => (list.some((o) => o.labelKey) ? list.map((o) => (o.labelKey ? { ...o, label: t(o.labelKey) } : o)) : list), [list, t]);
}

function useLoadedOptions(options: Options, reloadKey: unknown): readonly Option[] {
  const [loaded, setLoaded] = useState<{ from: Options | null; list: readonly Option[] }>({ from: null, list: NONE });
  useEffect(() => {
    if (typeof options !== 'function') return;
    let live = true;
    options().then(
      (list) => live && setLoaded({ from: options, list }),
      // A failed reload keeps the list it had.
      () => live && setLoaded((had) => (had.from === options ? had : { from: options, list: NONE })),
    );
    return () => {
      live = false;
    };
  }, [options, reloadKey]);
  if (typeof options !== 'function') return options;
  return loaded.from === options ? loaded.list : NONE;
}

/** An option's text, indented by its depth in a flattened tree. */
export const optionText = (o: Option): string => `${'\u00a0\u00a0'.repeat(o.depth ?? 0)}${o.label ?? ''}`;

/** A tree flattened into options, depth first. */
export function treeOptions<N extends { children?: readonly N[] }>(nodes: readonly N[], value: (n: N) => string, label: (n: N) => string, depth = 0): Option[] {
  return nodes.flatMap((n) => [{ value: value(n), label: label(n), depth }, ...treeOptions(n.children ?? [], value, label, depth + 1)]);
}
