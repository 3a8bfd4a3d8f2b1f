// Field declarations of the people forms (users, departments, roles), shared by the console's pages
// and the demo server. Not re-exported from index.ts: module-level rule calls would otherwise ride
// along into every widget bundle that validates anything.
import { KEYS } from './keys.ts';
import type { Schema } from './combine.ts';
import { accountChars, accountLength, descriptionLength, email, groupName, length, nameLength, namePattern1, password, phone, required, sameAs } from './text.ts';

/** POST /api/admin/user: a new account; the password is entered twice. */
export const userCreateSchema = {
  username: [required(KEYS.usernameRequired), accountLength(), accountChars()],
  name: [required(), nameLength(), namePattern1()],
  password: [required(KEYS.passwordRequired), password('user')],
  confirmPassword: [required(KEYS.passwordRequired), sameAs('password')],
  phone: [phone()],
  email: [email()],
} as const satisfies Schema;

/** PUT /api/admin/user/{id}: the account name is fixed; a new password is optional (both fields or neither). */
export const userUpdateSchema = {
  name: [required(), nameLength(), namePattern1()],
  password: [password('user')],
  confirmPassword: [sameAs('password')],
  phone: [phone()],
  email: [email()],
} as const satisfies Schema;

/** POST/PUT /api/admin/user/dep. */
export const departmentSchema = {
  name: [required(), length(1, 64), groupName()],
} as const satisfies Schema;

/** PUT /api/admin/group/role (and the create form): code is letters, digits and _-. */
export const roleSchema = {
  code: [required(), length(2, 32), accountChars()],
  name: [required(), length(2, 32), namePattern1()],
  description: [descriptionLength()],
} as const satisfies Schema;
