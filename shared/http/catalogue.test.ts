import { describe, expect, it } from 'vitest';
import { interpret } from './catalogue.ts';

const env = (code: number, msg = 'server says', extra: object = {}) => ({ code, msg, ...extra });

describe('SPEC §8 catalogue', () => {
  it('code 0 gives the data field', () => {
    expect(interpret({ status: 200, body: env(0, 'ok', { data: { a: 1 } }) })).toEqual({ type: 'data', data: { a: 1 } });
  });

  it('token_type bearer gives the whole body', () => {
    const body = { token: 't', token_type: 'bearer' };
    expect(interpret({ status: 200, body })).toEqual({ type: 'whole', body });
  });

  it('-1 toasts the server message for 2 s and rejects', () => {
    const out = interpret({ status: 200, body: env(-1, 'Name already exists') });
    expect(out).toMatchObject({ type: 'reject', code: -1, message: 'Name already exists' });
    expect(out.type === 'reject' && out.notice).toMatchObject({ kind: 'toast', level: 'error', duration: 2000, text: 'Name already exists' });
  });

  it('an unknown code toasts its message for 5 s', () => {
    const out = interpret({ status: 200, body: env(50012, 'odd failure') });
    expect(out.type === 'reject' && out.notice).toMatchObject({ kind: 'toast', duration: 5000, text: 'odd failure' });
  });

  it('HTTP 400 with 40403 toasts for 5 s', () => {
    const out = interpret({ status: 400, body: env(40403, 'bad parameter') });
    expect(out.type === 'reject' && out.notice).toMatchObject({ kind: 'toast', duration: 5000, text: 'bad parameter' });
  });

  it('status 0 is a network timeout', () => {
    const out = interpret({ status: 0, body: null });
    expect(out.type === 'reject' && out.notice).toMatchObject({ key: 'http.networkTimeout', duration: 5000 });
  });

  it('status 500 (HTTP or in the body) cannot connect to the server', () => {
    for (const answer of [{ status: 500, body: 'x' }, { status: 200, body: { status: 500 } }]) {
      const out = interpret(answer);
      expect(out.type === 'reject' && out.notice).toMatchObject({ key: 'http.cannotConnect' });
    }
  });

  it('40101 raises nothing itself and asks the session to count it', () => {
    const out = interpret({ status: 200, body: env(40101, 'login timeout') });
    expect(out).toMatchObject({ type: 'reject', notice: null, session: 'login-timeout' });
  });

  it('40102 is a dialog followed by logout', () => {
    const out = interpret({ status: 200, body: env(40102) });
    expect(out).toMatchObject({
      session: 'logout',
      notice: { kind: 'dialog', titleKey: 'http.loggedElsewhere.title', key: 'http.loggedElsewhere.message' },
    });
  });

  it('40301 is a 2 s warning', () => {
    const out = interpret({ status: 200, body: env(40301) });
    expect(out.type === 'reject' && out.notice).toMatchObject({ kind: 'toast', level: 'warning', duration: 2000, key: 'http.noPermission' });
  });

  it('40401 is the Illegal License dialog followed by logout', () => {
    const out = interpret({ status: 200, body: env(40401) });
    expect(out).toMatchObject({ session: 'logout', notice: { kind: 'dialog', titleKey: 'http.illegalLicense.title' } });
  });

  it('any other HTTP error shows its message for 5 s', () => {
    const out = interpret({ status: 404, body: 'Not Found' });
    expect(out.type === 'reject' && out.notice).toMatchObject({ kind: 'toast', duration: 5000 });
  });
});
