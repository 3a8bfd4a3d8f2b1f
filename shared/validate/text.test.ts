import { describe, expect, it } from 'vitest';
import {
  accountChars, accountLength, alphanumeric, batchCode, credentialLength, deleteConfirmation, descriptionLength, deviceAddress,
  email, groupName, length, letterName, nameLength, namePattern1, namePattern2, password, passwordsMatch, phone, pointCode,
  relationNameLength, required, sameAs, serialNumber, tagLength, unique,
} from './text.ts';
import { expectAccepts, expectRejects, keyOf, run } from './test-helpers.ts';

describe('required', () => {
  it('accepts filled values and rejects empty ones, whitespace included', () => {
    expectAccepts(required(), ['a', 0, '0', false, ['x'], { a: 1 }]);
    expectRejects(required(), ['', '   ', null, undefined, []], 'validate.required');
  });
  it('can name a field-specific message', () => {
    expect(run(required('validate.captcha.required'), '')).toBe('validate.captcha.required');
  });
});

describe('phone', () => {
  it('accepts 11-digit numbers starting 1 then 3-9', () => {
    expectAccepts(phone(), ['13800138000', '19912345678', ' 15012345678 ', 15012345678]);
  });
  it('says empty, non-numeric and malformed apart', () => {
    expectRejects(phone(), ['', null, undefined], 'validate.phone.required');
    expectRejects(phone(), ['138-0013-800', 'abc', '+8613800138000', { n: 1 }], 'validate.numeric');
    expectRejects(phone(), ['12800138000', '1380013800', '138001380001', '23800138000', '10000000000'], 'validate.phone.format');
  });
});

describe('name patterns', () => {
  it('pattern 1: Chinese, letters, digits, _ - and whitespace', () => {
    expectAccepts(namePattern1(), ['一号楼 Lobby_1-A', '摄像头', 'abc 123', '']);
    expectRejects(namePattern1(), ['a#b', 'a.b', 'a(b)', 'x@y', '<script>'], 'validate.name.pattern1');
  });
  it('pattern 2: adds # . and parentheses, but no whitespace', () => {
    expectAccepts(namePattern2(), ['设备#1.2(北)', 'A_b-c', '温度（室内）']);
    expectRejects(namePattern2(), ['a b', 'a/b', 'a@b', 'a[b]'], 'validate.name.pattern2');
  });
  it('group names allow brackets and whitespace', () => {
    expectAccepts(groupName(), ['一楼 [东区]', 'Group (A)_1-2', '分组【甲】']);
    expectRejects(groupName(), ['a#b', 'a.b', 'a/b', 'a{b}'], 'validate.name.group');
  });
  it('letter names start with Chinese or a letter', () => {
    expectAccepts(letterName(), ['大厅2', 'Room_101', 'a-1 b']);
    expectRejects(letterName(), ['123', '_abc', '-a', '1号楼', 'a#1'], 'validate.name.letter');
  });
});

describe('codes and strict alphanumeric', () => {
  it('point codes refuse {} [] and ^', () => {
    expectAccepts(pointCode(), ['DEV_001', 'a.b-c:1', '温度1']);
    expectRejects(pointCode(), ['a{1}', 'a[0]', 'x^2', '}'], 'validate.code.forbidden');
  });
  it('alphanumeric allows only letters, digits and Chinese', () => {
    expectAccepts(alphanumeric(), ['abc123', '设备A1']);
    expectRejects(alphanumeric(), ['a b', 'a_b', 'a-b', 'a.b'], 'validate.alphanumeric');
  });
});

describe('control characters', () => {
  it('refuses NUL, ESC, DEL, C1 controls and text-direction overrides in any length-checked text; keeps tabs and line breaks', () => {
    expectRejects(length(0, 100), ['a\u0000b', 'esc\u001b[31m', 'del\u007f', 'c1\u0085', 'abc\u202Edcba', 'iso\u2066x\u2069'], 'validate.controlChars');
    expectAccepts(length(0, 100), ['line one\nline two', 'a\tb', 'crlf\r\n', '中文名称', 'émigré']);
  });
});

describe('length', () => {
  it('counts Chinese characters as one each and reports the bounds', () => {
    expect(run(nameLength(), '一号')).toBeNull();
    expect(run(nameLength(), 'ab')).toBeNull();
    expect(run(nameLength(), 'a'.repeat(20))).toBeNull();
    expect(nameLength()('a', {})).toEqual({ key: 'validate.length.between', params: { min: 2, max: 20 } });
    expect(nameLength()('a'.repeat(21), {})).toEqual({ key: 'validate.length.between', params: { min: 2, max: 20 } });
    expect(length(3, 20)('ab', {})).toEqual({ key: 'validate.length.between', params: { min: 3, max: 20 } });
  });
  it('leaves empty values to required()', () => {
    expectAccepts(nameLength(), ['', null, undefined]);
  });
  it('upper-bound-only lengths say only the maximum', () => {
    expectAccepts(descriptionLength(), ['', 'x'.repeat(255)]);
    expect(descriptionLength()('x'.repeat(256), {})).toEqual({ key: 'validate.length.max', params: { max: 255 } });
    expectAccepts(tagLength(), ['x'.repeat(255)]);
    expectRejects(tagLength(), ['x'.repeat(256)], 'validate.length.max');
    expectAccepts(relationNameLength(), ['x'.repeat(30)]);
    expectRejects(relationNameLength(), ['x'.repeat(31)], 'validate.length.max');
  });
  it('accounts are 4-32 and credentials at least 6', () => {
    expectAccepts(accountLength(), ['abcd', 'a'.repeat(32)]);
    expectRejects(accountLength(), ['abc', 'a'.repeat(33)], 'validate.length.between');
    expectAccepts(credentialLength(), ['123456', 'x'.repeat(500)]);
    expect(credentialLength()('12345', {})).toEqual({ key: 'validate.length.min', params: { min: 6 } });
  });
  it('refuses values that are not text', () => {
    expectRejects(nameLength(), [{ a: 1 }, ['ab']], 'validate.text');
  });
});

describe('passwords', () => {
  it('login and personal info: 5-64', () => {
    expectAccepts(password('login'), ['12345', 'x'.repeat(64)]);
    expect(password('login')('1234', {})).toEqual({ key: 'validate.password.between', params: { min: 5, max: 64 } });
    expectRejects(password('login'), ['x'.repeat(65)], 'validate.password.between');
  });
  it('user forms: 8-32', () => {
    expectAccepts(password('user'), ['12345678', 'x'.repeat(32)]);
    expectRejects(password('user'), ['1234567', 'x'.repeat(33)], 'validate.password.between');
  });
  it('elsewhere: at least 5', () => {
    expectAccepts(password(), ['12345', 'x'.repeat(200)]);
    expect(password()('1234', {})).toEqual({ key: 'validate.password.min', params: { min: 5 } });
  });
  it('the two new passwords must match', () => {
    expect(keyOf(passwordsMatch('secret12', 'secret12'))).toBeNull();
    expect(keyOf(passwordsMatch('secret12', 'secret13'))).toBe('validate.password.mismatch');
    expect(run(sameAs('password'), 'abc12345', { password: 'abc12345' })).toBeNull();
    expect(run(sameAs('password'), 'abc1234', { password: 'abc12345' })).toBe('validate.password.mismatch');
    expect(run(sameAs('password'), '', { password: 'abc12345' })).toBe('validate.password.mismatch');
  });
});

describe('accounts, email, uniqueness', () => {
  it('account characters: letters, digits, _ - .', () => {
    expectAccepts(accountChars(), ['admin', 'john.doe-1_x']);
    expectRejects(accountChars(), ['john doe', '张三', 'a@b', 'a/b'], 'validate.account.chars');
  });
  it('email', () => {
    expectAccepts(email(), ['a@b.co', 'first.last+tag@mail.example.com']);
    expectRejects(email(), ['a@b', 'ab.com', 'a b@c.com', '@b.com', 'a@.com'], 'validate.email');
  });
  it('unique names', () => {
    const rule = unique(['Lobby', '大厅']);
    expectAccepts(rule, ['Garage', 'lobby']);
    expectRejects(rule, ['Lobby', ' 大厅 '], 'validate.name.exists');
    expect(run(unique(['A'], 'validate.name.sameExists'), 'A')).toBe('validate.name.sameExists');
  });
});

describe('device fields', () => {
  it('SN is exactly 12 characters', () => {
    expectAccepts(serialNumber(), ['ABCDEF123456', 123456789012]);
    expectRejects(serialNumber(), ['ABCDEF12345', 'ABCDEF1234567', 'ABCDEF 23456'], 'validate.device.sn');
  });
  it('address is integer-integer', () => {
    expectAccepts(deviceAddress(), ['1-1', '12-305']);
    expectRejects(deviceAddress(), ['1', '1-', '-1', '1-2-3', 'a-1', '1.5-2', '1 - 2'], 'validate.device.address');
  });
  it('batch camera codes carry exactly one %d', () => {
    expectAccepts(batchCode(), ['CAM-%d', '%d_east']);
    expectRejects(batchCode(), ['CAM-1', 'CAM-%d-%d', 'CAM-%s'], 'validate.batch.placeholder');
  });
});

describe('delete confirmation', () => {
  it('only the typed word delete confirms', () => {
    expectAccepts(deleteConfirmation(), ['delete', ' delete ']);
    expectRejects(deleteConfirmation(), ['', 'Delete', 'del', '删除', null, 'delete it'], 'validate.delete.confirm');
  });
});
