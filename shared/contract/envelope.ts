// The SPEC §7/§8 answer envelope as JSON Schema: every call answers { code, msg, data }. Code 0 carries
// the operation's data; any other code is a refusal whose msg the console shows (data.field, when
// present, names the form field the message is about).
import Type, { type TSchema } from 'typebox';

/** Every envelope code the console handles (SPEC §8), with what it means. */
export const ERROR_CODES = {
  '-1': 'Refused: the message says why (a field that breaks a rule, a row that is not the tenant\'s, a state that does not allow the change). The console toasts msg.',
  '40101': 'Login timeout: the access token is missing, unknown or expired.',
  '40102': 'Logged in elsewhere: this session was replaced by a newer sign-in of the same user.',
  '40103': 'Signature refused: missing or wrong timestamp/nonce/sign headers, a stale timestamp, a replayed nonce, or a query beside a signed body.',
  '40301': 'No function permission: the user lacks the menu or element right the operation needs.',
  '40401': 'Illegal licence: the tenant holds no valid voucher.',
  '40403': 'Refused with HTTP 400: the console toasts msg.',
  '40901': 'Conflict: the row changed since it was read (a scada draft saved elsewhere on the same revision); data.field names the revision. Nothing was changed.',
} as const;

export const ERROR_CODE_VALUES = Object.keys(ERROR_CODES).map(Number);

/** A refusal: a code other than 0 and the message saying why; `data.field` names the field a form shows it next to. */
export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer({ description: Object.entries(ERROR_CODES).map(([code, text]) => `${code}: ${text}`).join('\n'), examples: ERROR_CODE_VALUES, not: { const: 0 } }),
    msg: Type.String({ description: 'The reason, in the language of the request (accept-language / lang: zh by default, en)' }),
    data: Type.Optional(Type.Object({ field: Type.String({ description: 'The request field the message is about' }) }, { additionalProperties: false })),
    status: Type.Optional(Type.Integer({ description: 'HTTP status of the refusal, when not 200' })),
  },
  { $id: 'ErrorEnvelope', additionalProperties: false, description: 'A refusal (code other than 0); the HTTP status is 200 unless said otherwise' },
);

/** A successful answer carrying `data`. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object(
    {
      code: Type.Literal(0),
      msg: Type.String(),
      data,
    },
    { additionalProperties: false },
  );
