// Sign-in and session calls (SPEC §7 "Login and session"): /jwt/* (unsigned) and the SMS code call.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { JwtUser, LoginPayload, LoginResponse } from '../../../shared/api/types.ts';
import { ops } from '../../../shared/contract/auth.ts';
import { KEYS } from '../../../shared/validate/keys.ts';
import { route } from '../contract.ts';
import { fail, failWith, ok, rule, validBody } from '../http.ts';
import { langOf } from '../messages.ts';
import { directoryMessage, directoryOf, directorySignIn } from './directory.ts';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { SignInThrottle } from './throttle.ts';
import { loginAccounts, signInTenant } from './sign-in-data.ts';
import { setPasswordHash } from './user-data.ts';
import { platformData, tenantDataOf } from '../tenant-data.ts';
import { findSession, issueToken, refreshToken, revokeToken } from '../tokens.ts';

export const CAPTCHA_COOKIE = 'atrium_captcha';


const plugin: FastifyPluginAsync = async (app) => {
  const ctx = app.atrium;
  // Signing in names an account or a phone, not a tenant: both are unique across the platform, and the
  // sign-in page's tenant is the default one.
  const platform = platformData(app, 'a sign-in finds its account by name or phone (unique across the platform) before a tenant is bound');
  const { byUsername, byPhone } = loginAccounts(platform);
  // The answer carries the token's lifetime (issue 41), so a client refreshes before it ends.
  const tokenAnswer = (token: string): LoginResponse => ({ token, token_type: 'bearer', expires_in: Math.round(ctx.config.tokenTtlMs / 1000) });
  const throttle = new SignInThrottle();
  const pruning = setInterval(() => throttle.prune(), 60_000);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));

  const expired = (request: FastifyRequest) => failWith(request, 'http.sessionExpired.message', undefined, 40101);

  route(app, ops.captcha, async (request, reply) => {
    const { id, svg } = ctx.captchas.create();
    return reply
      .setCookie(CAPTCHA_COOKIE, id, { path: '/jwt', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https', maxAge: 300 })
      .header('Cache-Control', 'no-store')
      .type('image/svg+xml')
      .send(svg);
  });

  route(
    app,
    ops.token,
    async (request, reply) => {
      const { model, password, verifyCode } = request.body;
      const username = request.body.username.trim();

      // Password and directory sign-in share the captcha and the lockout; the directory checks the password.
      if (model === 'password' || model === 'ldap') {
        const cookie = request.cookies[CAPTCHA_COOKIE];
        reply.clearCookie(CAPTCHA_COOKIE, { path: '/jwt' });
        // With ATRIUM_FIXED_CAPTCHA a client that never fetched an image (API tests) may send the fixed answer.
        const fixed = ctx.config.fixedCaptcha;
        const captchaOk = cookie
          ? ctx.captchas.take(cookie, verifyCode)
          : fixed !== null && verifyCode.trim().toLowerCase() === fixed.toLowerCase();
        if (!captchaOk) return failWith(request, 'auth.invalidCode');
        const locked = throttle.lockedFor(username);
        if (locked > 0) return failWith(request, 'auth.locked', { minutes: Math.ceil(locked / 60_000) });
        if (model === 'ldap') {
          const service = directoryOf.get(ctx);
          const tenant = signInTenant(platform);
          const outcome = service ? await directorySignIn(ctx, service.box, service.embedded(), tenant, username, password) : ({ ok: false, reason: 'none' } as const);
          if (outcome.ok) {
            throttle.succeeded(username);
            return tokenAnswer(issueToken(ctx, outcome.userId, outcome.tenantId));
          }
          if (outcome.reason === 'credentials') {
            const lock = throttle.failed(username);
            return lock > 0 ? failWith(request, 'auth.locked', { minutes: Math.ceil(lock / 60_000) }) : failWith(request, 'auth.wrongPassword');
          }
          if (outcome.reason === 'disabled') return failWith(request, 'auth.invalidUser');
          return fail(directoryMessage(langOf(request), outcome.reason));
        }
        const user = byUsername(username);
        const matches = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
        if (!user || !matches) {
          const lock = throttle.failed(username);
          return lock > 0 ? failWith(request, 'auth.locked', { minutes: Math.ceil(lock / 60_000) }) : failWith(request, 'auth.wrongPassword');
        }
        throttle.succeeded(username);
        if (user.status !== 'normal') return failWith(request, 'auth.invalidUser');
        // An imported initial password was hashed cheaply; now that it is proven, store the standard hash.
        if (needsRehash(user.password_hash)) setPasswordHash(tenantDataOf(platform, user.tenant_id), user.id, await hashPassword(password));
        return tokenAnswer(issueToken(ctx, user.id, user.tenant_id));
      }

      const user = byPhone(username);
      if (!user) return failWith(request, 'auth.phoneOrCode');
      if (user.sms_enabled !== 1) return failWith(request, 'auth.smsDisabled');
      if (!ctx.sms.verify(username, verifyCode)) return failWith(request, 'auth.phoneOrCode');
      if (user.status !== 'normal') return failWith(request, 'auth.invalidUser');
      return tokenAnswer(issueToken(ctx, user.id, user.tenant_id));
    },
    {
      // What the schema cannot say: which fields each model requires, and a phone for sms, with the
      // login form's own messages (shared/validate; SPEC §5 "Login").
      preHandler: [
        validBody<LoginPayload>({
          model: [],
          username: [rule.requiredIf((b) => b.model !== 'sms', KEYS.usernameRequired), (value, body) => (body.model === 'sms' ? rule.phone(value, body) : null)],
          password: [rule.requiredIf((b) => b.model !== 'sms', KEYS.passwordRequired), rule.password('login')],
          verifyCode: [rule.requiredIf((b) => b.model !== 'sms', KEYS.captchaRequired), rule.requiredIf((b) => b.model === 'sms', KEYS.smsCodeRequired)],
        }),
      ],
    },
  );

  route(app, ops.invalid, async (request) => {
    if (request.token) revokeToken(ctx, request.token);
    return ok(null);
  });

  route(app, ops.refresh, async (request) => {
    const next = request.token ? refreshToken(ctx, request.token) : null;
    return next ? tokenAnswer(next) : expired(request);
  });

  route(app, ops.user, async (request) => {
    const token = request.query.token || request.token;
    const user = token ? findSession(ctx, token) : null;
    if (!user) return expired(request);
    return ok<JwtUser>({ id: user.id, username: user.username, name: user.name, tenantId: user.tenantId });
  });

  route(
    app,
    ops.smsCode,
    async (request) => {
      const { phone } = request.params;
      const user = byPhone(phone);
      if (!user) return failWith(request, 'auth.phoneOrCode');
      if (user.sms_enabled !== 1) return failWith(request, 'auth.smsDisabled');
      const code = ctx.sms.issue(phone);
      if (code === null) return failWith(request, 'auth.smsAlreadySent');
      // The demo platform has no SMS gateway: the log is the phone.
      ctx.log(`[sms] to ${phone}: verification code ${code} (valid 5 minutes)`);
      return ok(null);
    },
  );

};

export default plugin;
