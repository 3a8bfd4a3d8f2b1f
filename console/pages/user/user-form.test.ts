// The user page's forms, declared once: what each sends for values a user filled in (the bodies the
// page sent before its forms were declared once), and the SPEC §5 message an invalid value gets.
import { describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../../shared/api/user-types.ts';
import { envOf, formRequests, messageOf } from '../../resource/form-test.ts';
import { departmentForm, passwordForm, rolesForm, userResource } from './index.tsx';

const userForm = userResource.form!;
const loadTree = vi.fn();
const page = { departmentOptions: [], roleOptions: [], departmentId: 4, me: null, loadTree, setOpen: () => undefined };
const env = envOf(page);
const row: UserRow = { id: 7, username: 'alice', name: 'Alice', phone: '13800000000', email: 'a@example.com', status: 'normal', gender: 'female', departmentId: 3, departmentName: 'Ops', roleIds: [2], roleNames: ['Op'], superAdmin: false };

const { sent, saveWith } = formRequests(() => ({ id: 11 }));

describe('the user form', () => {
  it('creates a user with the account, both passwords, the chosen department and roles as numbers', async () => {
    await saveWith(userForm, null, env, { username: ' bob ', name: 'Bob ', password: 'secret123', confirmPassword: 'secret123', roleIds: ['2', '5'], gender: 'male' });
    expect(sent).toEqual([
      { method: 'POST', url: '/api/admin/user', body: { username: 'bob', name: 'Bob', password: 'secret123', confirmPassword: 'secret123', phone: '', email: '', departmentId: 4, roleIds: [2, 5], gender: 'male', status: 'normal' } },
    ]);
    expect(loadTree).toHaveBeenCalled();
  });

  it('edits without the account; no department is null; the super admin’s status is not sent', async () => {
    await saveWith(userForm, row, env, { departmentId: '', phone: ' 13900000000 ' });
    await saveWith(userForm, { ...row, superAdmin: true }, env, {});
    expect(sent).toEqual([
      { method: 'PUT', url: '/api/admin/user/7', body: { name: 'Alice', phone: '13900000000', email: 'a@example.com', departmentId: null, gender: 'female', status: 'normal' } },
      { method: 'PUT', url: '/api/admin/user/7', body: { name: 'Alice', phone: '13800000000', email: 'a@example.com', departmentId: 3, gender: 'female' } },
    ]);
  });

  it('says the SPEC messages: the account is required, the passwords must match', () => {
    expect(messageOf(userForm, null, env, {}, 'username')).toBe('请输入用户名');
    expect(messageOf(userForm, null, env, { password: 'secret123', confirmPassword: 'secret124' }, 'confirmPassword')).toBe('两次输入的密码不一致!');
    // Editing: the account is fixed, only the edited fields are checked.
    expect(messageOf(userForm, row, env, { username: '' }, 'username')).toBeNull();
  });
});

describe('the department, roles and password forms', () => {
  const depEnv = envOf({ departmentOptions: [], headOptions: async () => [], parentId: 2 });
  const department = { id: 9, name: 'Ops', parentId: 2, sort: 0, headUserId: 5, headName: 'Eve', userCount: 0, children: [] };

  it('sends the department with its parent and head as ids (null when none), and its id when edited', async () => {
    await saveWith(departmentForm, null, envOf({ ...depEnv.page, parentId: null }), { name: ' Night shift ' });
    await saveWith(departmentForm, department, depEnv, {});
    expect(sent).toEqual([
      { method: 'POST', url: '/api/admin/user/dep', body: { name: 'Night shift', parentId: null, headUserId: null } },
      { method: 'PUT', url: '/api/admin/user/dep', body: { name: 'Ops', parentId: 2, headUserId: 5, id: 9 } },
    ]);
    expect(messageOf(departmentForm, null, depEnv, { name: '' }, 'name')).toBe('此项为必填项');
  });

  it('sends the roles as numbers, and a new password with the user’s name and phone as they are', async () => {
    await saveWith(rolesForm, row, envOf({ roleOptions: [] }), { roleIds: ['2', '3'] });
    await saveWith(passwordForm, row, envOf(undefined), { password: 'newpass123', confirmPassword: 'newpass123' });
    expect(sent).toEqual([
      { method: 'PUT', url: '/api/admin/user/roles/7', body: { roleIds: [2, 3] } },
      { method: 'PUT', url: '/api/admin/user/7', body: { name: 'Alice', phone: '13800000000', password: 'newpass123', confirmPassword: 'newpass123' } },
    ]);
    expect(messageOf(passwordForm, row, envOf(undefined), { password: 'newpass123', confirmPassword: 'x' }, 'confirmPassword')).toBe('两次输入的密码不一致!');
  });
});
