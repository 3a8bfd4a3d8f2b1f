// Sign-in and session calls (SPEC §7 "Login and session"). Pure fetchers over the narrowest client.
import type { Client } from '../http/client.ts';
import type { LoginPayload, LoginResponse, UserInfo } from './types.ts';

export const signIn = (client: Pick<Client, 'post'>, payload: LoginPayload): Promise<LoginResponse> =>
  client.post<LoginResponse>('/jwt/token', { ...payload, username: payload.username.trim() }, { quiet: true });

export const signOut = (client: Pick<Client, 'post'>): Promise<unknown> => client.post('/jwt/invalid', undefined, { quiet: true });

export const refreshToken = (client: Pick<Client, 'get'>): Promise<LoginResponse> =>
  client.get<LoginResponse>('/jwt/refresh', { quiet: true });

export const fetchUserInfo = (client: Pick<Client, 'get'>): Promise<UserInfo> => client.get<UserInfo>('/api/admin/user/front/info');

/** The captcha image URL; a timestamp defeats the browser cache so a click shows a new one. */
export const captchaUrl = (apiBase: string, now: number = Date.now()): string => `${apiBase.replace(/\/$/, '')}/jwt/captcha?t=${now}`;

export const requestSmsCode = (client: Pick<Client, 'get'>, phone: string): Promise<unknown> =>
  client.get(`/api/admin/api/verificationCode/${encodeURIComponent(phone)}`, { params: { type: 'user_bind' }, quiet: true });
