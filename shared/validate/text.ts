// Text rules of SPEC §5: presence, phone, name patterns, codes, lengths, passwords, accounts, email.
import { KEYS, type MessageKey } from './keys.ts';
import { asText, bounded, charLength, fail, isEmpty, type Result, type Rule } from './message.ts';

const HAN = '\\p{Script=Han}';

/**
 * The SPEC §5 patterns as JSON Schema `pattern` sources (unicode): the form rules below test with
 * them and the API contract (shared/contract/fields.ts) projects them into the OpenAPI document.
 */
export const PATTERNS = {
  namePattern1: `^[${HAN}A-Za-z0-9_\\-\\s]+$`,
  pointCode: '^[^{}\\[\\]^]*$',
  /** Account names and document numbers: letters, digits, underscore, dot, hyphen. */
  accountChars: '^[A-Za-z0-9_.-]+$',
  /** SPEC §5 phone: 11 digits, 1 then 3 to 9. */
  phone: '^1[3-9]\\d{9}$',
  /** A plain address check (something@domain.tld). */
  email: '^[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+$',
  /** Group names (departments): Chinese, letters, digits and the separators _ - brackets and whitespace. */
  groupName: `^[${HAN}A-Za-z0-9_\\-()（）\\[\\]【】\\s]+$`,
} as const;

/** A rule that passes on empty values and checks non-empty text with `test`. */
function textRule(key: MessageKey, test: (text: string) => boolean): Rule {
  return (value) => {
    if (isEmpty(value)) return null;
    const text = asText(value);
    if (text === null) return fail(KEYS.text);
    return test(text) ? null : fail(key);
  };
}

function matches(pattern: RegExp): (text: string) => boolean {
  return (text) => pattern.test(text);
}

/** The field must be filled in; whitespace alone does not count. `key` picks a field-specific text. */
export function required(key: MessageKey = KEYS.required): Rule {
  return (value) => (isEmpty(value) ? fail(key) : null);
}

const PHONE = new RegExp(PATTERNS.phone);

/** Mainland mobile number: required, digits only, 11 digits starting with 1 then 3-9. */
export function phone(): Rule {
  return (value) => {
    if (isEmpty(value)) return fail(KEYS.phoneRequired);
    const text = asText(value);
    if (text === null || !/^\d+$/.test(text.trim())) return fail(KEYS.numeric);
    return PHONE.test(text.trim()) ? null : fail(KEYS.phoneFormat);
  };
}

/** Chinese, letters, digits, underscore, hyphen, whitespace. */
export function namePattern1(): Rule {
  return textRule(KEYS.namePattern1, matches(new RegExp(PATTERNS.namePattern1, 'u')));
}

/** Chinese, letters, digits, underscore, hyphen, hash, dot, parentheses (ASCII or full-width). */
export function namePattern2(): Rule {
  return textRule(KEYS.namePattern2, matches(new RegExp(`^[${HAN}A-Za-z0-9_\\-#.()（）]+$`, 'u')));
}

/** Group names: Chinese, letters, digits and the separators _ - brackets and whitespace. */
export function groupName(): Rule {
  return textRule(KEYS.groupName, matches(new RegExp(PATTERNS.groupName, 'u')));
}

/** Names that must read as words: start with Chinese or a letter; digits and separators may follow. */
export function letterName(): Rule {
  return textRule(KEYS.letterName, matches(new RegExp(`^[${HAN}A-Za-z][${HAN}A-Za-z0-9_\\-\\s]*$`, 'u')));
}

/** Device and software-point codes end up inside expressions and templates, where {}[]^ have meaning. */
export function pointCode(): Rule {
  return textRule(KEYS.codeForbidden, matches(new RegExp(PATTERNS.pointCode, 'u')));
}

/** Only letters, digits and Chinese. */
export function alphanumeric(): Rule {
  return textRule(KEYS.alphanumeric, matches(new RegExp(`^[${HAN}A-Za-z0-9]+$`, 'u')));
}

/**
 * Characters no typed text needs and some abuse: C0 controls other than tab and line breaks, DEL, C1
 * controls, and the bidirectional overrides and isolates that make a name read differently (U+202E).
 */
// eslint-disable-next-line no-control-regex -- finding these characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/**
 * Length in characters between min and max inclusive (max may be Infinity); text with control
 * characters is refused whatever its length.
 * Empty values pass unless min > 0 and something was typed; pair with required() for presence.
 */
export function length(min: number, max: number = Infinity): Rule {
  return bounded((value) => {
    if (value === null || value === undefined || value === '') return null;
    const text = asText(value);
    if (text === null) return fail(KEYS.text);
    if (CONTROL.test(text)) return fail(KEYS.controlChars);
    const n = charLength(text);
    if (n >= min && n <= max) return null;
    if (max === Infinity) return fail(KEYS.lengthMin, { min });
    if (min <= 0) return fail(KEYS.lengthMax, { max });
    return fail(KEYS.lengthBetween, { min, max });
  }, { of: 'length', min, max });
}

/** The bounds SPEC §5 names; forms with other name bounds (3-20, 2-64 …) call length() directly. */
export const LENGTHS = {
  name: [2, 20],
  description: [0, 255],
  tag: [0, 255],
  relationName: [0, 30],
  account: [4, 32],
  credential: [6, Infinity],
} as const satisfies Record<string, readonly [number, number]>;

export const nameLength = (): Rule => length(...LENGTHS.name);
export const descriptionLength = (): Rule => length(...LENGTHS.description);
export const tagLength = (): Rule => length(...LENGTHS.tag);
export const relationNameLength = (): Rule => length(...LENGTHS.relationName);
export const accountLength = (): Rule => length(...LENGTHS.account);
export const credentialLength = (): Rule => length(...LENGTHS.credential);

/** login: sign-in and personal info (5-64); user: user forms (8-32); other: everywhere else (at least 5). */
export type PasswordKind = 'login' | 'user' | 'other';

export const PASSWORD_BOUNDS: Readonly<Record<PasswordKind, readonly [number, number]>> = {
  login: [5, 64],
  user: [8, 32],
  other: [5, Infinity],
};

export function password(kind: PasswordKind = 'other'): Rule {
  const [min, max] = PASSWORD_BOUNDS[kind];
  return bounded((value) => {
    if (value === null || value === undefined || value === '') return null;
    const text = asText(value);
    if (text === null) return fail(KEYS.text);
    const n = charLength(text);
    if (n >= min && n <= max) return null;
    return max === Infinity ? fail(KEYS.passwordMin, { min }) : fail(KEYS.passwordBetween, { min, max });
  }, { of: 'length', min, max });
}

/** The second new password must equal the first. */
export function passwordsMatch(first: unknown, second: unknown): Result {
  return first === second ? null : fail(KEYS.passwordMismatch);
}

/** Field form of passwordsMatch: put it on the confirmation field, naming the field it repeats. */
export function sameAs(field: string): Rule {
  return (value, values) => (isEmpty(value) && isEmpty(values[field]) ? null : passwordsMatch(values[field], value));
}

/** Account names: letters, digits, underscore, hyphen, dot. */
export function accountChars(): Rule {
  return textRule(KEYS.accountChars, matches(new RegExp(PATTERNS.accountChars)));
}

/** A plain address check (something@domain.tld); the mail server is the real judge. */
export function email(): Rule {
  return textRule(KEYS.email, matches(new RegExp(PATTERNS.email)));
}

/** The name must not equal one already taken (compared after trimming). */
export function unique(taken: Iterable<string>, key: MessageKey = KEYS.nameExists): Rule {
  const set = new Set([...taken].map((name) => name.trim()));
  return textRule(key, (text) => !set.has(text.trim()));
}

/** A device SN is exactly 12 characters, none of them whitespace. */
export function serialNumber(): Rule {
  return textRule(KEYS.serialNumber, (text) => charLength(text) === 12 && !/\s/.test(text));
}

/** A device address is two non-negative integers joined by a hyphen, e.g. 1-12. */
export function deviceAddress(): Rule {
  return textRule(KEYS.deviceAddress, matches(/^\d+-\d+$/));
}

/** Batch camera codes carry exactly one %d, which the server replaces with the running number. */
export function batchCode(): Rule {
  return textRule(KEYS.batchPlaceholder, (text) => text.split('%d').length === 2);
}

/** The protocols a camera source may use (the form checks them, the server too, with the address). */
export const STREAM_SCHEMES: readonly string[] = ['rtsp:', 'rtsps:', 'rtmp:', 'rtmps:', 'http:', 'https:'];

/** A camera's stream URL: one of STREAM_SCHEMES and a host (no file:, data:, ftp: or bare paths). */
export function streamSource(): Rule {
  return textRule(KEYS.sourceScheme, (text) => {
    try {
      const url = new URL(text.trim());
      return STREAM_SCHEMES.includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  });
}

/** Deleting asks the user to type the word delete (in every language) before it goes ahead. */
export function deleteConfirmation(): Rule {
  return (value) => (typeof value === 'string' && value.trim() === 'delete' ? null : fail(KEYS.deleteConfirm));
}
