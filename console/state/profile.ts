// Personal info actions (/info): read and edit the profile, change the password, upload the avatar.
import { proxy } from 'valtio/vanilla';
import type { CurrentUserInfo, CurrentUserUpdate } from '../../shared/api/types.ts';
import { changePassword, fetchCurrentUser, updateCurrentUser, uploadAvatar } from '../../shared/api/user.ts';
import { http, notify } from '../../shared/http/index.ts';
import { loadInfo } from '../../shared/session/index.ts';
import { checkAvatar, type ValidationMessage } from '../../shared/validate/index.ts';

export interface ProfileState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  user: CurrentUserInfo | null;
}

export const profile = proxy<ProfileState>({ status: 'idle', user: null });

/** Each visit reads afresh: a profile changed elsewhere, or a failed read, must not show stale data. */
export async function loadProfile(): Promise<void> {
  profile.status = 'loading';
  profile.user = null;
  try {
    profile.user = await fetchCurrentUser(http);
    profile.status = 'ready';
  } catch {
    profile.status = 'error';
  }
}

export async function saveProfile(body: CurrentUserUpdate): Promise<void> {
  profile.user = await updateCurrentUser(http, { name: body.name.trim(), phone: body.phone.trim(), email: body.email.trim() });
  notify({ kind: 'toast', level: 'success', key: 'shell.info.saved', duration: 2000 });
  // The header shows the name from the session's user info.
  void loadInfo().catch(() => undefined);
}

export async function savePassword(oldPassword: string, newPassword: string, confirmPassword: string): Promise<void> {
  await changePassword(http, { oldPassword, newPassword, confirmPassword });
  notify({ kind: 'toast', level: 'success', key: 'shell.info.passwordChanged', duration: 2000 });
}

/**
 * Checks type and size before anything is sent (SPEC §5: JPG, PNG or SVG, at most 2 MB); the server
 * checks again. Answers the validation message when the file was refused locally.
 */
export async function saveAvatar(file: File): Promise<ValidationMessage | null> {
  const problem = checkAvatar({ name: file.name, type: file.type, size: file.size });
  if (problem) return problem;
  const result = await uploadAvatar(http, file, file.name);
  if (profile.user) profile.user.avatar = result.avatar;
  notify({ kind: 'toast', level: 'success', key: 'shell.info.avatarSaved', duration: 2000 });
  void loadInfo().catch(() => undefined);
  return null;
}
