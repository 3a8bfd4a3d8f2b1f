// What the third-party sign-in landing says, from the query the platform sends back.
export type OauthOutcome = 'bind' | 'invalidApp' | 'invalidUser' | 'failed' | 'pending';

/** ?token=… → pending (adopted at start-up); ?error=bind_user | invalid_app | invalid_user → their message; anything else failed. */
export function oauthOutcome(params: URLSearchParams): OauthOutcome {
  const error = params.get('error');
  if (error === null) return params.has('token') ? 'pending' : 'failed';
  if (error === 'bind_user') return 'bind';
  if (error === 'invalid_app') return 'invalidApp';
  if (error === 'invalid_user') return 'invalidUser';
  return 'failed';
}

export const OAUTH_MESSAGE: Record<Exclude<OauthOutcome, 'pending'>, string> = {
  bind: 'login.bindUser',
  invalidApp: 'login.invalidApplication',
  invalidUser: 'login.invalidUser',
  failed: 'login.authorizationFailed',
};
