// Sign-in, captcha, SMS, refresh, expiry and logout, through real HTTP calls.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, jwt, login, removeDir, start, type Running } from '../testing.ts';

describe('sign-in with the fixed captcha', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ fixedCaptcha: '1234' });
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  it('answers exactly { token, token_type } for the captcha the browser fetched, with the username trimmed', async () => {
    const captcha = await fetch(`${s.base}/jwt/captcha`);
    expect(captcha.headers.get('content-type')).toContain('image/svg+xml');
    expect(await captcha.text()).toMatch(/^<svg/);
    const cookie = captcha.headers.get('set-cookie')!.split(';')[0]!;
    const answer = await jwt(s.base, 'POST', '/jwt/token', {
      cookie,
      body: { username: '  admin ', password: 'admin123', model: 'password', verifyCode: '1234' },
    });
    // { token, token_type } as the fixed contract says, plus the token's lifetime in seconds (issue 41).
    expect(Object.keys(answer.body).sort()).toEqual(['expires_in', 'token', 'token_type']);
    expect(answer.body.expires_in).toBeGreaterThan(0);
    expect(answer.body.token_type).toBe('bearer');
    expect(answer.body.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('gives every token its own first 9 characters (the signing secret)', async () => {
    const a = await login(s.base, 'admin', 'admin123');
    const b = await login(s.base, 'admin', 'admin123');
    expect(a.slice(0, 9)).not.toBe(b.slice(0, 9));
  });

  it('says "wrong username or password" for a wrong password or unknown user, in the caller\'s language', async () => {
    const body = { username: 'admin', password: 'nope-nope', model: 'password', verifyCode: '1234' };
    const en = await jwt(s.base, 'POST', '/jwt/token', { body, headers: { lang: 'en' } });
    expect(en.body).toEqual({ code: -1, msg: 'wrong username or password' });
    const zh = await jwt(s.base, 'POST', '/jwt/token', { body: { ...body, username: 'ghost' } });
    expect(zh.body).toEqual({ code: -1, msg: '用户名或密码错误' });
    const accept = await jwt(s.base, 'POST', '/jwt/token', { body, headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    expect(accept.body.msg).toBe('wrong username or password');
  });

  it('signs in a directory (ldap) account through the directory, and refuses a local-only account there', async () => {
    const good = await jwt(s.base, 'POST', '/jwt/token', { body: { username: 'dir.operator', password: 'dir123', model: 'ldap', verifyCode: '1234' } });
    expect(good.body.token_type).toBe('bearer');
    const local = await jwt(s.base, 'POST', '/jwt/token', { body: { username: 'operator', password: 'operator123', model: 'ldap', verifyCode: '1234' }, headers: { lang: 'en' } });
    expect(local.body).toEqual({ code: -1, msg: 'wrong username or password' });
  });

  it('rejects a wrong captcha answer and a body without a username, readably', async () => {
    const wrong = await jwt(s.base, 'POST', '/jwt/token', {
      headers: { lang: 'en' },
      body: { username: 'admin', password: 'admin123', model: 'password', verifyCode: '9999' },
    });
    expect(wrong.body).toEqual({ code: -1, msg: 'invalid verification code' });
    const missing = await jwt(s.base, 'POST', '/jwt/token', {
      headers: { lang: 'en' },
      body: { username: '   ', password: 'admin123', model: 'password', verifyCode: '1234' },
    });
    expect(missing.body).toEqual({ code: -1, msg: 'Please enter the username' });
  });

  it('answers /jwt/user for a token in the query or the header, and 40101 for an unknown one', async () => {
    const token = await login(s.base, 'operator', 'operator123');
    const byQuery = await jwt(s.base, 'GET', `/jwt/user?token=${encodeURIComponent(token)}`);
    expect(byQuery.body.code).toBe(0);
    expect(byQuery.body.data).toMatchObject({ username: 'operator', tenantId: 1 });
    const byHeader = await jwt(s.base, 'GET', '/jwt/user', { token });
    expect(byHeader.body.data.username).toBe('operator');
    const unknown = await jwt(s.base, 'GET', '/jwt/user?token=not-a-real-token-at-all-0123456789');
    expect(unknown.status).toBe(200);
    expect(unknown.body.code).toBe(40101);
  });

  it('refreshes a token, keeps the old one alive for in-flight calls, and revokes on logout', async () => {
    const old = await login(s.base, 'admin', 'admin123');
    const refreshed = await jwt(s.base, 'GET', '/jwt/refresh', { token: old });
    expect(refreshed.body.token_type).toBe('bearer');
    const fresh = refreshed.body.token as string;
    expect(fresh).not.toBe(old);
    expect((await api(s.base, 'GET', '/api/admin/user/front/info', { token: fresh })).body.code).toBe(0);
    expect((await api(s.base, 'GET', '/api/admin/user/front/info', { token: old })).body.code).toBe(0);

    await jwt(s.base, 'POST', '/jwt/invalid', { token: fresh });
    expect((await api(s.base, 'GET', '/api/admin/user/front/info', { token: fresh })).body.code).toBe(40101);
    expect((await jwt(s.base, 'GET', '/jwt/refresh', { token: fresh })).body.code).toBe(40101);
  });

  it('logs one line per request with method, path and code, never the token, password or query', async () => {
    const token = await login(s.base, 'viewer', 'viewer123');
    await jwt(s.base, 'GET', `/jwt/user?token=${encodeURIComponent(token)}`);
    await api(s.base, 'GET', '/api/admin/user/front/info', { token });
    const all = s.logs.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain(token.slice(0, 9));
    expect(all).not.toContain('viewer123');
    expect(s.logs).toContainEqual(expect.stringMatching(/^GET \/jwt\/user 200 code=0 \d+ms$/));
    expect(s.logs).toContainEqual(expect.stringMatching(/^GET \/api\/admin\/user\/front\/info 200 code=0 \d+ms$/));
    expect(s.logs).toContainEqual(expect.stringMatching(/^POST \/jwt\/token 200 code=- \d+ms$/));
  });
});

describe('captcha bound to the browser', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ fixedCaptcha: null });
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  const fetchCaptcha = async (): Promise<{ cookie: string; answer: string }> => {
    const response = await fetch(`${s.base}/jwt/captcha`);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
    const id = decodeURIComponent(cookie.split('=')[1]!);
    return { cookie, answer: s.app.atrium.captchas.peek(id)! };
  };
  const signIn = (verifyCode: string, cookie?: string) =>
    jwt(s.base, 'POST', '/jwt/token', {
      headers: { lang: 'en' },
      ...(cookie ? { cookie } : {}),
      body: { username: 'admin', password: 'admin123', model: 'password', verifyCode },
    });

  it('accepts an answer only with the cookie of its own image, and only once', async () => {
    const a = await fetchCaptcha();
    const b = await fetchCaptcha();
    expect(a.answer).toMatch(/^[a-z0-9]{4}$/);
    expect((await signIn(a.answer)).body).toEqual({ code: -1, msg: 'invalid verification code' });
    if (a.answer !== b.answer) expect((await signIn(a.answer, b.cookie)).body.msg).toBe('invalid verification code');

    const c = await fetchCaptcha();
    const good = await signIn(c.answer.toUpperCase(), c.cookie);
    expect(good.body.token_type).toBe('bearer');
    expect((await signIn(c.answer, c.cookie)).body.msg).toBe('invalid verification code');
  });

  it('burns the captcha on a wrong password too', async () => {
    const c = await fetchCaptcha();
    const wrong = await jwt(s.base, 'POST', '/jwt/token', {
      cookie: c.cookie,
      headers: { lang: 'en' },
      body: { username: 'admin', password: 'wrong-one', model: 'password', verifyCode: c.answer },
    });
    expect(wrong.body.msg).toBe('wrong username or password');
    expect((await signIn(c.answer, c.cookie)).body.msg).toBe('invalid verification code');
  });
});

describe('SMS sign-in', () => {
  let s: Running;
  beforeAll(async () => {
    s = await start({ fixedCaptcha: null });
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  const requestCode = (phone: string) =>
    api(s.base, 'GET', `/api/admin/api/verificationCode/${phone}`, { query: { type: 'user_bind' }, headers: { lang: 'en' } });
  const smsLogin = (phone: string, verifyCode: string) =>
    jwt(s.base, 'POST', '/jwt/token', { headers: { lang: 'en' }, body: { username: phone, password: '', model: 'sms', verifyCode } });

  it('sends a code (to the log), refuses a second one within a minute, and signs in with it once', async () => {
    const first = await requestCode('13800000002');
    expect(first.body.code).toBe(0);
    const line = s.logs.find((l) => l.includes('[sms] to 13800000002'));
    const code = line?.match(/code (\d{6})/)?.[1];
    expect(code).toBeDefined();
    expect((await requestCode('13800000002')).body).toEqual({ code: -1, msg: 'code already sent' });

    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await smsLogin('13800000002', wrongCode)).body).toEqual({ code: -1, msg: 'phone not registered or wrong code' });
    const ok = await smsLogin('13800000002', code!);
    expect(ok.body.token_type).toBe('bearer');
    const who = await jwt(s.base, 'GET', '/jwt/user', { token: ok.body.token });
    expect(who.body.data.username).toBe('operator');
    expect((await smsLogin('13800000002', code!)).body.msg).toBe('phone not registered or wrong code');
  });

  it('says "phone not registered or wrong code" for an unknown phone and validates the phone format', async () => {
    expect((await requestCode('13700000000')).body).toEqual({ code: -1, msg: 'phone not registered or wrong code' });
    expect((await smsLogin('13700000000', '123456')).body.msg).toBe('phone not registered or wrong code');
    // The contract refuses it before the handler: the form's message, and the field it is about.
    expect((await requestCode('12345678901')).body).toEqual({ code: -1, msg: expect.stringContaining('phone number format incorrect'), data: { field: 'phone' } });
  });

  it('says "SMS login not enabled" for a tenant without SMS sign-in', async () => {
    expect((await requestCode('13900000001')).body).toEqual({ code: -1, msg: 'SMS login not enabled' });
    expect((await smsLogin('13900000001', '123456')).body).toEqual({ code: -1, msg: 'SMS login not enabled' });
  });
});

describe('token expiry', () => {
  it('answers 40101 (HTTP 200) once the token outlives ATRIUM_TOKEN_TTL', async () => {
    const s = await start({ tokenTtlSeconds: 1 });
    try {
      const token = await login(s.base, 'admin', 'admin123');
      expect((await api(s.base, 'GET', '/api/admin/user/front/info', { token })).body.code).toBe(0);
      // Asked again until the token's second is over (no sleep racing the 1 s lifetime).
      const expired = await vi.waitFor(async () => {
        const answer = await api(s.base, 'GET', '/api/admin/user/front/info', { token, headers: { lang: 'en' } });
        if (answer.body.code === 0) throw new Error('still valid');
        return answer;
      }, { timeout: 5000, interval: 50 });
      expect(expired.status).toBe(200);
      expect(expired.body).toEqual({ code: 40101, msg: 'Session expired, please log in again' });
      expect((await jwt(s.base, 'GET', '/jwt/refresh', { token })).body.code).toBe(40101);
    } finally {
      await s.stop();
      removeDir(s.dir);
    }
  });
});
