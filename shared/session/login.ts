// Signing in with the login form (the console's login page, a widget's sign-in prompt): a module of
// its own, so the widget kit's first load carries it only where a sign-in form is drawn.
import { signIn } from '../api/auth.ts';
import type { LoginPayload, UserInfo } from '../api/types.ts';
import { http } from '../http/client.ts';
import { loadInfo, setToken } from './actions.ts';
import { session, USERNAME_KEY } from './store.ts';
import { writeLocal } from './storage.ts';

/** Signs in and loads the user; rejects with the server's message on failure. */
export async function login(payload: LoginPayload): Promise<UserInfo> {
  const answer = await signIn(http, payload);
  setToken(answer.token, answer.expires_in);
  session.sysStatus = 0;
  if (payload.model !== 'sms') {
    session.username = payload.username.trim();
    writeLocal(USERNAME_KEY, session.username);
  }
  return loadInfo();
}
