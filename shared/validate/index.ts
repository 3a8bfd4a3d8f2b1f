/**
 * The validation rules of SPEC §5 as pure functions, shared by the console's forms and the demo server.
 *
 * Result shape (the same everywhere): `null` when valid, otherwise a `ValidationMessage`
 * `{ key, params? }`. `key` is an i18n key under `validate.*` (all listed in `KEYS`), `params` holds
 * the values its text interpolates, e.g. `{ key: 'validate.length.between', params: { min: 2, max: 20 } }`.
 * Show it with `t(m.key, m.params)` or `translate(lang, m.key, m.params)` from shared/i18n.
 *
 * Rules are factories returning a `Rule` `(value, values) => Result`, so a field is a list of them:
 *   validateField(name, [required(), length(2, 20), namePattern1()])
 *   validateObject(body, { name: [required(), nameLength()], confirm: [sameAs('password')] })
 * Format rules pass on empty values ('' / whitespace / null / undefined / []): only `required()` (and
 * `phone()`, `deleteConfirmation()`, which the SPEC makes mandatory) reject them. Checks that need
 * more than one value or the clock are plain functions taking them explicitly (`passwordsMatch`,
 * `modelParameterRange`, `alarmQueryWindow(from, to, now)`, `replayDate(date, now)`, `atMostOneSuperAdmin`).
 *
 * No i18n, React or DOM imports here: the demo server loads these files with Node's type stripping.
 */
export { KEYS, MESSAGE_KEYS, type MessageKey } from './keys.ts';
export type { Bounds, MessageParams, Result, Rule, ValidationMessage, Values } from './message.ts';
export { boundsOf } from './message.ts';
export { validateField, validateObject, hasErrors, firstError, type Rules, type Schema, type FieldErrors } from './combine.ts';
export {
  required, phone, namePattern1, namePattern2, groupName, letterName, pointCode, alphanumeric,
  length, LENGTHS, nameLength, descriptionLength, tagLength, relationNameLength, accountLength, credentialLength,
  password, PASSWORD_BOUNDS, type PasswordKind, passwordsMatch, sameAs, accountChars, email, unique,
  serialNumber, deviceAddress, batchCode, deleteConfirmation, STREAM_SCHEMES, streamSource,
} from './text.ts';
export {
  toNumber, numeric, integer, positiveInteger, integerBetween, LIMITS, batchSize, quickSceneDelay, attendanceFillIn, panTiltSpeed,
} from './numbers.ts';
export {
  type FileInfo, MB, AVATAR_MAX_BYTES, DOCUMENT_MAX_BYTES, checkAvatar, checkDocuments, checkImport, avatarFile, documentFile, importFile,
} from './files.ts';
export {
  type DateInput, ALARM_WINDOW_MONTHS, toDate, monthsBefore, earliestAlarmQueryDate, alarmQueryWindow, isAfterToday, replayDate,
} from './dates.ts';
export {
  type RangePart, type RangeInput, type RangeMessages, type RangeFieldNames, modelParameterRange, modelRange,
  EXPRESSION_OPERATORS, checkExpression, expression,
} from './model-parameter.ts';
export { atMostOneSuperAdmin } from './tenant.ts';
export { passwordLoginSchema, smsLoginSchema } from './schemas.ts';
