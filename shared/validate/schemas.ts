// Field declarations shared by the console's forms and the demo server's request validation.
import { KEYS } from './keys.ts';
import type { Schema } from './combine.ts';
import { password, phone, required } from './text.ts';

/** POST /jwt/token with model "password": verifyCode is the captcha answer. */
export const passwordLoginSchema = {
  username: [required(KEYS.usernameRequired)],
  password: [required(KEYS.passwordRequired), password('login')],
  verifyCode: [required(KEYS.captchaRequired)],
} as const satisfies Schema;

/** POST /jwt/token with model "sms": username is the phone, verifyCode the SMS code. */
export const smsLoginSchema = {
  username: [phone()],
  verifyCode: [required(KEYS.smsCodeRequired)],
} as const satisfies Schema;

