// Texts of the console's management pages. They are not in shared/i18n's catalogue because that one
// ships inside the widget kit's core chunk (whose size budget stands): each page's texts arrive with
// the page's own chunk and are added to the one i18next instance when that chunk loads.
import { i18n } from '../shared/i18n/index.ts';
import { defineResources, type SameKeys, type Tree } from '../shared/i18n/resources/define.ts';

/** Registers a page's zh and en texts (the compiler refuses an en tree that differs from zh). */
export function addTexts<T extends Tree>(resources: { zh: T; en: SameKeys<T> }): { readonly zh: T; readonly en: SameKeys<T> } {
  const checked = defineResources(resources);
  i18n.addResourceBundle('zh', 'translation', checked.zh, true, false);
  i18n.addResourceBundle('en', 'translation', checked.en, true, false);
  return checked;
}
