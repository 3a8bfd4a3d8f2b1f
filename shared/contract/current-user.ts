// The signed-in user's own profile (SPEC §7 cur-user calls): read and edit, password, avatar.
import Type from 'typebox';
import { operation } from './operation.ts';
import { Email, Id, Name1, Password, Phone, Strict } from './fields.ts';

const TAG = 'Current user';

export const CurrentUserInfo = Strict({
  id: Id(),
  username: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  description: Type.String({ description: "In the caller's language where the account has both" }),
  avatar: Type.String({ description: "The avatar's path under /upload/avatar/, or ''" }),
  tenantId: Id(),
  tenantName: Type.String(),
});

export const CurrentUserUpdate = Strict({
  name: Name1(2, 20, { description: 'SPEC §5 name pattern 1, 2 to 20 characters, not only spaces' }),
  phone: Phone({ description: 'SPEC §5 phone; one phone belongs to one account on the whole platform (the SMS sign-in name)' }),
  email: Email({ description: "'' for none" }),
});

export const PasswordChange = Strict({
  oldPassword: Password('login'),
  newPassword: Password('login'),
  confirmPassword: Type.String({ maxLength: 64, description: 'Must equal newPassword' }),
});

export const AvatarResult = Strict({ avatar: Type.String({ description: 'The new avatar path' }) });

const sample = { id: 1, username: 'admin', name: 'Demo Admin', phone: '13800138000', email: 'admin@example.com', description: 'Tenant super admin', avatar: '', tenantId: 1, tenantName: 'Demo' };

export const ops = {
  info: operation({
    method: 'GET',
    path: '/api/admin/user/cur-user/info',
    rights: 'user',
    tag: TAG,
    summary: "The signed-in user's profile",
    description: 'Who is signed in, in which tenant: the personal-info page and the header read it.',
    data: CurrentUserInfo,
    examples: { data: sample },
  }),
  update: operation({
    method: 'PUT',
    path: '/api/admin/user/cur-user/info',
    rights: 'user',
    tag: TAG,
    summary: "Edits the signed-in user's name, phone and e-mail",
    description: 'Refused when the phone belongs to another account. Answers the profile as saved.',
    body: CurrentUserUpdate,
    data: CurrentUserInfo,
    examples: { body: { name: 'Demo Admin', phone: '13800138000', email: 'admin@example.com' }, data: sample },
  }),
  password: operation({
    method: 'POST',
    path: '/api/admin/user/cur-user/update-password',
    rights: 'user',
    tag: TAG,
    summary: "Changes the signed-in user's password",
    description: "Refused when the old password is wrong or the two new ones differ ('The passwords entered twice do not match!'). Every other session of the account is signed out.",
    body: PasswordChange,
    data: Type.Null(),
    examples: { body: { oldPassword: 'admin123', newPassword: 'admin456', confirmPassword: 'admin456' }, data: null },
  }),
  avatar: operation({
    method: 'POST',
    path: '/api/admin/user/cur-user/avatar',
    rights: 'user',
    tag: TAG,
    summary: "Replaces the signed-in user's avatar (multipart, one file)",
    description: 'multipart/form-data with one file: JPG, PNG or SVG by its first bytes (never by name or declared type), at most 2 MB (SPEC §5).',
    data: AvatarResult,
    examples: { data: { avatar: '/upload/avatar/1-1-abc.png' } },
  }),
};
