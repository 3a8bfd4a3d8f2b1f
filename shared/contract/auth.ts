// The sign-in and session operations (SPEC §7 "Login and session"): /jwt/* (unsigned) and the SMS
// code call. /jwt/token and /jwt/refresh answer the token itself on success ({ token, token_type,
// expires_in }, SPEC §7 "token_type"), not an envelope; their refusals are envelopes (SPEC §8:
// 40101 login timeout, -1 with the login message).
import Type from 'typebox';
import { operation } from './operation.ts';
import { Id, Phone, Strict, Text } from './fields.ts';

/** The OpenAPI tag of the sign-in calls (/jwt/…), the portal token exchange and third-party sign-in. */
export const SIGN_IN_TAG = 'Sign-in';
const TAG = SIGN_IN_TAG;

export const LOGIN_MODELS = ['password', 'ldap', 'sms'] as const;

/** POST /jwt/token. For model "sms" username is the phone and verifyCode the SMS code. */
export const LoginPayload = Strict({
  model: Type.Enum([...LOGIN_MODELS], { description: 'password (platform account), ldap (the directory) or sms (phone and SMS code)' }),
  username: Text(0, 64, { description: 'The account (password, ldap) or the phone (sms); required (SPEC §5)' }),
  password: Type.String({ maxLength: 64, description: "5 to 64 characters (password, ldap); '' for sms" }),
  verifyCode: Text(0, 32, { description: 'The captcha answer (password, ldap; the image of GET /jwt/captcha) or the SMS code (sms); required' }),
});

/** The token answered on success: exactly this, no envelope. */
export const LoginResponse = Strict({
  token: Type.String({ description: 'The access token: header access-token of every later call, and the signing secret (its first 9 characters)' }),
  token_type: Type.Literal('bearer'),
  expires_in: Type.Integer({ minimum: 1, description: 'Seconds the token lives (ATRIUM_TOKEN_TTL); refresh with GET /jwt/refresh before then' }),
});

/** GET /jwt/user (data of the envelope). */
export const JwtUser = Strict({ id: Id(), username: Type.String(), name: Type.String(), tenantId: Id() });

export const ops = {
  captcha: operation({
    method: 'GET',
    path: '/jwt/captcha',
    rights: 'public',
    tag: TAG,
    summary: 'A captcha image for the sign-in form',
    description: 'An SVG image; its answer is kept for 5 minutes behind an HttpOnly cookie (path /jwt) and can be tried once. t only defeats the browser cache.',
    query: Strict({ t: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'Any number (a timestamp): a new image each time' })) }),
    data: Type.Null(),
    produces: 'image/svg+xml',
    examples: { query: { t: 1777622400000 } },
  }),
  token: operation({
    method: 'POST',
    path: '/jwt/token',
    rights: 'public',
    tag: TAG,
    summary: 'Signs in with a password, through the directory, or with a phone and an SMS code',
    description:
      "password and ldap need the captcha (the cookie of GET /jwt/captcha, tried once); 5 wrong passwords lock the account for a while ('locked, try again in N minutes'). A deactivated user is 'invalid user'. sms needs the tenant's SMS sign-in and a code from GET /api/admin/api/verificationCode/{phone}. A field missing or malformed is refused with the login form's message. The answer is the token itself, not an envelope; a refusal is an envelope (code -1, the SPEC §8 login message).",
    body: LoginPayload,
    data: Type.Null(),
    answer: LoginResponse,
    examples: { body: { model: 'password', username: 'admin', password: 'admin123', verifyCode: 'x7kp' } },
  }),
  invalid: operation({
    method: 'POST',
    path: '/jwt/invalid',
    rights: 'public',
    tag: TAG,
    summary: 'Signs out: the token of the request stops working',
    description: 'Without a token it changes nothing; the answer is the same.',
    data: Type.Null(),
    examples: { data: null },
  }),
  refresh: operation({
    method: 'GET',
    path: '/jwt/refresh',
    rights: 'public',
    tag: TAG,
    summary: 'A new token for the token of the request, before it expires',
    description: "The old token keeps working for a short grace period (requests in flight), then ends; a portal token keeps its narrowing. No valid token: 40101 (login timeout); replaced by a newer sign-in: 40101. The answer is the token itself, not an envelope.",
    data: Type.Null(),
    answer: LoginResponse,
  }),
  user: operation({
    method: 'GET',
    path: '/jwt/user',
    rights: 'public',
    tag: TAG,
    summary: 'Who a token belongs to',
    description: 'The token of the query, else the one of the request. An unknown or expired token is 40101 (login timeout).',
    query: Strict({ token: Type.Optional(Text(0, 512, { description: 'The token to ask about (default: the request\'s access-token)' })) }),
    data: JwtUser,
    examples: { data: { id: 1, username: 'admin', name: 'Administrator', tenantId: 1 } },
  }),
  smsCode: operation({
    method: 'GET',
    path: '/api/admin/api/verificationCode/:phone',
    rights: 'public',
    tag: TAG,
    summary: 'Sends an SMS sign-in code to a phone (valid 5 minutes)',
    description:
      "The phone must be a user's whose tenant has SMS sign-in on; one code at a time per phone (asking again too soon is refused). The demo platform has no SMS gateway: the code is written to its log.",
    params: Strict({ phone: Phone({ description: 'SPEC §5 phone: 11 digits, 1 then 3 to 9' }) }),
    query: Strict({ type: Type.Enum(['user_bind'], { description: 'Always user_bind' }) }),
    data: Type.Null(),
    examples: { params: { phone: '13800138000' }, query: { type: 'user_bind' }, data: null },
  }),
};
