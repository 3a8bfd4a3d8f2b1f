import { describe, expect, it } from 'vitest';
import { firstError, hasErrors, validateField, validateObject } from './combine.ts';
import { passwordLoginSchema, smsLoginSchema } from './schemas.ts';
import { atMostOneSuperAdmin } from './tenant.ts';
import { length, namePattern1, password, required, sameAs } from './text.ts';
import { keyOf } from './test-helpers.ts';

describe('validateField', () => {
  it('returns the first failing rule in declaration order', () => {
    const rules = [required(), length(2, 20), namePattern1()];
    expect(validateField('', rules)).toEqual({ key: 'validate.required' });
    expect(validateField('#', rules)).toEqual({ key: 'validate.length.between', params: { min: 2, max: 20 } });
    expect(validateField('a#b', rules)).toEqual({ key: 'validate.name.pattern1' });
    expect(validateField('大厅 A', rules)).toBeNull();
  });
});

describe('validateObject', () => {
  const schema = {
    name: [required(), length(2, 20)],
    password: [required(), password('user')],
    confirm: [sameAs('password')],
    note: [length(0, 5)],
  };
  it('gives one message per failing field and nothing for valid ones', () => {
    const errors = validateObject({ name: 'x', password: 'abcdefgh', confirm: 'abcdefgX' }, schema);
    expect(errors).toEqual({
      name: { key: 'validate.length.between', params: { min: 2, max: 20 } },
      confirm: { key: 'validate.password.mismatch' },
    });
    expect(hasErrors(errors)).toBe(true);
    expect(firstError(errors, schema)?.field).toBe('name');
  });
  it('passes a valid object', () => {
    const errors = validateObject({ name: 'Lobby', password: 'abcdefgh', confirm: 'abcdefgh' }, schema);
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
    expect(firstError(errors, schema)).toBeNull();
  });
  it('treats a body that is not an object as empty', () => {
    for (const body of [null, 'name=x', 42, ['x']]) {
      expect(validateObject(body, schema).name).toEqual({ key: 'validate.required' });
    }
  });
});

describe('login schemas', () => {
  it('password sign-in needs username, password (5-64) and captcha', () => {
    expect(validateObject({ username: 'admin', password: 'admin123', verifyCode: 'ab12' }, passwordLoginSchema)).toEqual({});
    expect(validateObject({ username: ' ', password: '', verifyCode: '' }, passwordLoginSchema)).toEqual({
      username: { key: 'validate.username.required' },
      password: { key: 'validate.password.required' },
      verifyCode: { key: 'validate.captcha.required' },
    });
    expect(validateObject({ username: 'a', password: '1234', verifyCode: 'x' }, passwordLoginSchema).password?.key).toBe('validate.password.between');
  });
  it('SMS sign-in needs a valid phone and the code', () => {
    expect(validateObject({ username: '13800138000', verifyCode: '123456' }, smsLoginSchema)).toEqual({});
    expect(validateObject({ username: '12345', verifyCode: '' }, smsLoginSchema)).toEqual({
      username: { key: 'validate.phone.format' },
      verifyCode: { key: 'validate.smsCode.required' },
    });
  });
});

describe('tenant super admin', () => {
  it('allows none or one, refuses a second', () => {
    expect(keyOf(atMostOneSuperAdmin(0))).toBeNull();
    expect(keyOf(atMostOneSuperAdmin(1))).toBeNull();
    expect(keyOf(atMostOneSuperAdmin(2))).toBe('validate.tenant.oneSuperAdmin');
  });
});
