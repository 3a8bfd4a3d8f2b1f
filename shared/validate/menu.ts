// Field rules of the menu form (baseManager menu), shared by the console's page and the API contract
// (shared/contract/menu.ts takes its bounds from MENU_BOUNDS). Not re-exported from index.ts.
import type { Schema } from './combine.ts';
import type { MessageKey } from './keys.ts';
import type { Rule } from './message.ts';
import { integerBetween } from './numbers.ts';
import { length, required } from './text.ts';

/** The bounds of an entry's values (the code is checked by MENU_PATTERNS.code, 2 to 32 characters, inside the contract's 1 to 64). */
export const MENU_BOUNDS = {
  code: [1, 64],
  parentCode: [1, 64],
  zh: [1, 20],
  en: [1, 40],
  icon: [1, 32],
  uri: [0, 200],
  sort: [0, 100_000],
} as const;
const B = MENU_BOUNDS;

export const MENU_PATTERNS = {
  /** A new entry's code: a letter, then letters, digits and _ (2 to 32 characters). */
  code: '^[A-Za-z][A-Za-z0-9_]{1,31}$',
  /** An in-app path. */
  path: '^/[A-Za-z0-9/_-]*$',
  /** An https address (at most 200 characters after the scheme). */
  https: '^https://[^\\s<>"\'`]{1,200}$',
} as const;

const CODE = new RegExp(MENU_PATTERNS.code);
const PATH = new RegExp(MENU_PATTERNS.path);
const HTTPS = new RegExp(MENU_PATTERNS.https, 'i');

/** An entry's address: '' (a right, not a page), an in-app path or an https address; the message is the page's hint. */
export const menuUri = (): Rule => (value) => {
  const v = typeof value === 'string' ? value.trim() : '';
  return v === '' || PATH.test(v) || HTTPS.test(v) ? null : { key: 'menus.uriHint' as MessageKey };
};

/** A new entry's code (MENU_PATTERNS.code). */
export const menuCode = (): Rule => (value) => (typeof value !== 'string' || value === '' || CODE.test(value) ? null : { key: 'validate.account.chars' as MessageKey });

/** The menu form's rules (code and group only when adding an entry of the tenant's own). */
export const menuSchema = {
  code: [required(), menuCode()],
  parentCode: [required()],
  zh: [required(), length(...B.zh)],
  en: [required(), length(...B.en)],
  icon: [required()],
  uri: [menuUri()],
  sort: [required(), integerBetween(...B.sort)],
} as const satisfies Schema;
