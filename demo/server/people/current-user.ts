// The signed-in user's own profile (SPEC §7 cur-user calls): read and edit, password, avatar.
import { randomBytes } from 'node:crypto';
import { rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { CurrentUserInfo } from '../../../shared/api/types.ts';
import { ops } from '../../../shared/contract/current-user.ts';
import { route } from '../contract.ts';
import { AVATAR_MAX_BYTES } from '../../../shared/validate/files.ts';
import { failField, failWith, ok, userOf } from '../http.ts';
import { t } from '../messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';
import { revokeOtherTokens } from '../tokens.ts';
import { passwordHashOf, phoneOwners, profileOf, setAvatar, updateProfile } from './profile-data.ts';
import { setPasswordHash } from './user-data.ts';

const AVATAR_PREFIX = '/upload/avatar/';

/** The image type by its first bytes, never by the name or the declared type a client sends. */
export function sniffImage(bytes: Buffer): 'jpg' | 'png' | 'svg' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 4096).toString('utf8');
  const svg = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i;
  return svg.test(head) ? 'svg' : null;
}

const plugin: FastifyPluginAsync = async (app) => {
  const ctx = app.atrium;
  // Phones are the SMS sign-in name: one phone belongs to one account on the whole platform.
  const phoneTaken = phoneOwners(platformData(app, 'a phone is the SMS sign-in name, unique across the platform'));

  const read = (data: TenantData, id: number): CurrentUserInfo => {
    const profile = profileOf(data, id);
    if (!profile) throw new Error('signed-in user vanished');
    return profile;
  };

  route(app, ops.info, async (request) => {
    return ok(read(tenantData(request), userOf(request).id));
  });

  route(
    app,
    ops.update,
    async (request) => {
      const user = userOf(request);
      const { name, phone, email } = request.body;
      // Whitespace alone is not a name (the form's required rule).
      if (name.trim() === '') return failField(t(request, 'validate.required'), 'name');
      // Phones are the SMS sign-in name, so one phone belongs to one account on the whole platform.
      if (phoneTaken(phone, user.id)) return failWith(request, 'user.phoneTaken');
      const data = tenantData(request);
      updateProfile(data, user.id, name.trim(), phone, email ?? '');
      return ok(read(data, user.id));
    },
  );

  route(
    app,
    ops.password,
    async (request) => {
      const user = userOf(request);
      const { oldPassword, newPassword, confirmPassword } = request.body;
      // The one rule across fields (SPEC §5): the two new passwords must match.
      if (confirmPassword !== newPassword) return failField(t(request, 'validate.password.mismatch'), 'confirmPassword');
      const data = tenantData(request);
      const hash = passwordHashOf(data, user.id);
      if (hash === undefined || !(await verifyPassword(oldPassword, hash))) return failWith(request, 'user.oldPassword');
      setPasswordHash(data, user.id, await hashPassword(newPassword));
      // Whoever else holds a session of this account (maybe the reason for the change) is signed out.
      if (request.token) revokeOtherTokens(ctx, user, request.token);
      return ok(null);
    },
  );

  route(app, ops.avatar, async (request) => {
    const user = userOf(request);
    if (!request.isMultipart()) return failWith(request, 'validate.file.required');
    let bytes: Buffer;
    try {
      const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!file) return failWith(request, 'validate.file.required');
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return failWith(request, 'validate.file.avatarSize', { max: 2 });
      return failWith(request, 'upload.failed');
    }
    if (bytes.length === 0) return failWith(request, 'validate.file.required');
    const type = sniffImage(bytes);
    if (!type) return failWith(request, 'validate.file.avatarType');

    const dir = join(ctx.config.uploadDir, 'avatar');
    await mkdir(dir, { recursive: true });
    const name = `${user.tenantId}-${user.id}-${randomBytes(9).toString('base64url')}.${type}`;
    await writeFile(join(dir, name), bytes);
    const data = tenantData(request);
    const previous = read(data, user.id).avatar;
    const avatar = AVATAR_PREFIX + name;
    setAvatar(data, user.id, avatar);
    if (previous.startsWith(AVATAR_PREFIX)) {
      const old = previous.slice(AVATAR_PREFIX.length);
      if (/^[\w.-]+$/.test(old)) await rm(join(dir, old), { force: true });
    }
    return ok({ avatar });
  });
};

export default plugin;
