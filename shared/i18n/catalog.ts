// All texts merged from resources/ into one zh and one en tree; no i18next here, so the demo server can load it.
import * as domains from './resources/index.ts';
import { mergeResources, type DomainResources, type Tree } from './resources/define.ts';

const merged = mergeResources(Object.values(domains) as readonly DomainResources[]);

export const resources: { readonly zh: Tree; readonly en: Tree } = { zh: merged.zh, en: merged.en };

/** Keys defined by two domain files; a unit test keeps this empty. */
export const conflicts: readonly string[] = merged.conflicts;

export const domainNames: readonly string[] = Object.keys(domains);
