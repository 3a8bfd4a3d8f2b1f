// Approval workflows on the platform: a form's definition is checked (a repeated field name names
// itself), a request runs through its steps with the right people only, a rejection carries its
// reason, the boxes and counts follow, editing the form leaves a running request on its version, a
// restart in the middle loses nothing, and the second tenant sees none of it.
import { describe, expect, it } from 'vitest';
import { api, login, removeDir, start, type Running } from '../testing.ts';
import { usePlatform } from '../test-platform.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { boxCount, boxPage, formExists, formPage, requestRecord } from './workflow-data.ts';

describe('workflows', () => {
  const p = usePlatform();
  const { call } = p;
  const people: Record<string, { id: number; token: string }> = {};

  /** A role with every workflow box, and users holding it. */
  async function staff(names: string[]) {
    const role = (await call(p.admin, 'PUT', '/api/admin/group/role', { code: 'wf_staff', name: 'Workflow staff', menus: ['activitiManager', 'myTask', 'hisTask', 'approveTask', 'copyTask'] })).data;
    for (const [i, name] of names.entries()) {
      const made = await call(p.admin, 'POST', '/api/admin/user', {
        username: `wf.${name}`,
        name: `WF ${name}`,
        password: 'secret-pass-1',
        confirmPassword: 'secret-pass-1',
        phone: `1370000${String(2000 + i).padStart(4, '0')}`,
        email: `${name}@example.com`,
        roleIds: [role.id],
      });
      expect(made.code, made.msg).toBe(0);
      people[name] = { id: made.data.id, token: await login(p.s.base, `wf.${name}`, 'secret-pass-1') };
    }
    return role;
  }

  const leaveForm = (process: unknown, more: Record<string, unknown> = {}) => ({
    name: 'Leave',
    description: 'Days off',
    enabled: true,
    fields: [
      { name: 'days', label: 'Days', type: 'number', required: true },
      { name: 'from', label: 'From', type: 'date', required: true },
      { name: 'kind', label: 'Kind', type: 'select', required: true, options: ['annual', 'sick'] },
      { name: 'note', label: 'Note', type: 'text', required: false },
    ],
    process,
    ...more,
  });
  const box = async (token: string, name: string) => (await call(token, 'POST', '/api/workflow/list', { page: 1, limit: 50, box: name })).data as { rows: Array<{ id: number; taskId: number | null; status: string; stepName: string }>; total: number };

  it('checks a form: repeated field names, empty steps, strangers as approvers', async () => {
    await staff(['ann', 'bob', 'cat', 'dan']);
    const bad = (more: Record<string, unknown>) => call(p.admin, 'POST', '/api/workflow/form', { ...leaveForm({ steps: [{ name: 'Lead', mode: 'any', approvers: { kind: 'user', userIds: [people.bob!.id] } }], cc: [] }), ...more });
    const repeated = await bad({ fields: [{ name: 'days', label: 'Days', type: 'number', required: true }, { name: 'Days', label: 'Again', type: 'text', required: false }] });
    expect(repeated).toMatchObject({ code: -1, msg: 'The field name Days repeats', data: { field: 'fields.1.name' } });
    expect((await bad({ fields: [{ name: 'kind', label: 'Kind', type: 'select', required: true, options: [] }] })).msg).toBe('A select field needs 1 to 50 distinct options (1 to 40 characters each)');
    expect((await bad({ process: { steps: [], cc: [] } })).msg).toBe('A process needs 1 to 10 approval steps');
    const stranger = (p.s.app.atrium.db.prepare('SELECT id FROM user WHERE tenant_id = 2 LIMIT 1').get() as { id: number }).id;
    expect((await bad({ process: { steps: [{ name: 'Lead', mode: 'any', approvers: { kind: 'user', userIds: [stranger] } }], cc: [] } })).msg).toBe('No such user');
    // Nothing stored: only the attendance fill-in form every tenant starts with.
    expect((await call(p.admin, 'POST', '/api/workflow/form/page', { page: 1, limit: 10 })).data.rows.map((f: { name: string }) => f.name)).toEqual(['Attendance fill-in']);
  });

  it('runs a two-step request: the right approvers only, a rejection with its reason, CC and counts', async () => {
    const form = (
      await call(
        p.admin,
        'POST',
        '/api/workflow/form',
        leaveForm({
          steps: [
            { name: 'Team lead', mode: 'any', approvers: { kind: 'user', userIds: [people.bob!.id] } },
            { name: 'Manager', mode: 'all', approvers: { kind: 'user', userIds: [people.cat!.id] } },
          ],
          cc: [people.dan!.id],
        }),
      )
    ).data;
    expect(form.version).toBe(1);
    // Values are checked against the fields.
    const values = { days: '3', from: '2026-12-01', kind: 'annual', note: '' };
    expect((await call(people.ann!.token, 'POST', '/api/workflow/request', { formId: form.id, values: { ...values, days: 'three' } })).msg).toBe('Days must be a number');
    expect((await call(people.ann!.token, 'POST', '/api/workflow/request', { formId: form.id, values: { ...values, from: '2026-02-30' } })).msg).toBe('From must be a date (YYYY-MM-DD)');
    expect((await call(people.ann!.token, 'POST', '/api/workflow/request', { formId: form.id, values: { ...values, kind: 'party' } })).msg).toBe('Kind must be one of its options');
    const { id } = (await call(people.ann!.token, 'POST', '/api/workflow/request', { formId: form.id, values })).data;

    const bobTask = (await box(people.bob!.token, 'my')).rows.find((r) => r.id === id)!;
    expect(bobTask).toMatchObject({ status: 'running', stepName: 'Team lead' });
    // Not cat's task yet, and not ann's.
    expect((await call(people.cat!.token, 'POST', `/api/workflow/task/${bobTask.taskId}/approve`, {})).msg).toBe('This task is not yours');
    expect((await call(people.bob!.token, 'POST', `/api/workflow/task/${bobTask.taskId}/approve`, { comment: 'fine by me' })).code).toBe(0);
    expect((await call(people.bob!.token, 'POST', `/api/workflow/task/${bobTask.taskId}/approve`, {})).msg).toBe('This task has already been decided');
    // After the first approval the initiator can no longer withdraw.
    expect((await call(people.ann!.token, 'POST', `/api/workflow/request/${id}/withdraw`)).msg).toBe('Someone has approved already; the request can no longer be withdrawn');

    const catTask = (await box(people.cat!.token, 'my')).rows.find((r) => r.id === id)!;
    expect(catTask.stepName).toBe('Manager');
    expect((await call(people.cat!.token, 'POST', `/api/workflow/task/${catTask.taskId}/reject`, { comment: '  ', end: true })).msg).toBe('Give a reason for the rejection');
    expect((await call(people.cat!.token, 'POST', `/api/workflow/task/${catTask.taskId}/reject`, { comment: 'Peak season', end: true })).code).toBe(0);

    const detail = (await call(people.ann!.token, 'GET', `/api/workflow/request/${id}`)).data;
    expect(detail.status).toBe('rejected');
    expect(detail.timeline.map((e: { kind: string; actorName: string; comment: string }) => [e.kind, e.actorName, e.comment])).toEqual([
      ['started', 'WF ann', ''],
      ['stepOpened', '', ''],
      ['approved', 'WF bob', 'fine by me'],
      ['stepOpened', '', ''],
      ['rejected', 'WF cat', 'Peak season'],
      ['finished', 'WF cat', 'rejected'],
    ]);
    expect(detail.ccNames).toEqual(['WF dan']);
    expect((await box(people.dan!.token, 'cc')).rows.map((r) => r.id)).toContain(id);
    expect((await box(people.bob!.token, 'approved')).rows.map((r) => r.id)).toContain(id);
    expect((await box(people.ann!.token, 'initiated')).rows[0]).toMatchObject({ id, status: 'rejected' });
    const counts = (await call(people.cat!.token, 'GET', '/api/workflow/counts')).data;
    expect(counts).toMatchObject({ my: 0, approved: 1, all: 0 });
    // A stranger to the request cannot read it; the "all" box needs its own right.
    const eve = await call(p.admin, 'GET', `/api/workflow/request/${id}`);
    expect(eve.code).toBe(0);
    expect((await call(people.dan!.token, 'POST', '/api/workflow/list', { page: 1, limit: 10, box: 'all' })).code).toBe(40301);
  });

  it('returns to the initiator, who resubmits; transfer; withdraw before any approval', async () => {
    const form = (await call(p.admin, 'POST', '/api/workflow/form', leaveForm({ steps: [{ name: 'Lead', mode: 'any', approvers: { kind: 'user', userIds: [people.bob!.id] } }], cc: [] }, { name: 'Overtime' }))).data;
    const values = { days: '1', from: '2026-12-02', kind: 'sick' };
    const { id } = (await call(people.ann!.token, 'POST', '/api/workflow/request', { formId: form.id, values })).data;
    const task = () => box(people.bob!.token, 'my').then((b) => b.rows.find((r) => r.id === id));
    expect((await call(people.bob!.token, 'POST', `/api/workflow/task/${(await task())!.taskId}/reject`, { comment: 'Add a note', end: false })).code).toBe(0);
    expect((await call(people.ann!.token, 'GET', `/api/workflow/request/${id}`)).data).toMatchObject({ status: 'returned', canResubmit: true });
    expect((await call(people.ann!.token, 'POST', `/api/workflow/request/${id}/resubmit`, { values: { ...values, note: 'doctor' } })).code).toBe(0);
    const again = (await task())!;
    expect((await call(people.bob!.token, 'POST', `/api/workflow/task/${again.taskId}/transfer`, { userId: people.bob!.id })).msg).toBe('A task cannot be transferred to yourself');
    expect((await call(people.bob!.token, 'POST', `/api/workflow/task/${again.taskId}/transfer`, { userId: people.cat!.id, comment: 'on leave' })).code).toBe(0);
    expect((await box(people.cat!.token, 'my')).rows.map((r) => r.id)).toContain(id);
    expect((await call(people.bob!.token, 'POST', `/api/workflow/request/${id}/withdraw`)).msg).toBe('Only the initiator can do this');
    expect((await call(people.ann!.token, 'POST', `/api/workflow/request/${id}/withdraw`)).code).toBe(0);
    expect((await box(people.cat!.token, 'my')).rows.map((r) => r.id)).not.toContain(id);
  });

  it('routes a step to the initiator’s department head, and says so when there is none', async () => {
    const form = (await call(p.admin, 'POST', '/api/workflow/form', leaveForm({ steps: [{ name: 'Head', mode: 'any', approvers: { kind: 'deptHead' } }], cc: [] }, { name: 'Trip' }))).data;
    const values = { days: '2', from: '2026-12-03', kind: 'annual' };
    expect((await call(people.ann!.token, 'POST', '/api/workflow/request', { formId: form.id, values })).msg).toBe('Step “Head” has no approver: the initiator’s department has no head');
    const dep = (await call(p.admin, 'POST', '/api/admin/user/dep', { name: 'Field team', parentId: null, headUserId: people.dan!.id })).data;
    p.s.app.atrium.db.prepare('UPDATE user SET department_id = ? WHERE id = ?').run(dep.id, people.ann!.id);
    const { id } = (await call(people.ann!.token, 'POST', '/api/workflow/request', { formId: form.id, values })).data;
    expect((await box(people.dan!.token, 'my')).rows.map((r) => r.id)).toContain(id);
  });

  it('keeps a running request on its form version when the form changes', async () => {
    const form = (await call(p.admin, 'POST', '/api/workflow/form/page', { page: 1, limit: 10, keyword: 'Trip' })).data.rows[0];
    const edited = await call(p.admin, 'PUT', `/api/workflow/form/${form.id}`, { ...leaveForm(form.process, { name: 'Trip' }), fields: [...form.fields, { name: 'city', label: 'City', type: 'text', required: true }] });
    expect(edited.data.version).toBe(2);
    const running = (await box(people.ann!.token, 'initiated')).rows.find((r) => r.status === 'running')!;
    const detail = (await call(people.ann!.token, 'GET', `/api/workflow/request/${running.id}`)).data;
    expect(detail.formVersion).toBe(1);
    expect(detail.fields.map((f: { name: string }) => f.name)).not.toContain('city');
    // A form with requests is disabled, not deleted.
    expect((await call(p.admin, 'POST', '/api/workflow/form/delete', { ids: [form.id] })).msg).toBe('The form Trip has requests and cannot be deleted; disable it instead');
  });

  it('never strands a request: approvers who cannot act are refused at design time, and an admin reassigns a stranded task', async () => {
    const db = p.s.app.atrium.db;
    const idOf = (username: string) => (db.prepare('SELECT id FROM user WHERE tenant_id = 1 AND username = ?').get(username) as { id: number }).id;
    const operator = idOf('operator');
    let made = 0;
    const step = (approvers: unknown) => leaveForm({ steps: [{ name: 'Lead', mode: 'any', approvers }], cc: [] }, { name: `Stranded ${++made}` });
    // operator holds no "my tasks" right: not an approver, and the designer's directory says so.
    const refused = await call(p.admin, 'POST', '/api/workflow/form', step({ kind: 'user', userIds: [operator] }));
    expect(refused).toMatchObject({ code: -1, data: { field: 'process.steps.0.approvers' } });
    expect(refused.msg).toContain('does not hold the “my tasks” right');
    const viewerRole = (db.prepare("SELECT id FROM role WHERE tenant_id = 1 AND code = 'viewer'").get() as { id: number }).id;
    expect((await call(p.admin, 'POST', '/api/workflow/form', step({ kind: 'role', roleId: viewerRole }))).data).toMatchObject({ field: 'process.steps.0.approvers' });
    const directory = (await call(p.admin, 'GET', '/api/workflow/directory')).data as { users: Array<{ id: number; canAct: boolean }>; roles: Array<{ id: number; canAct: boolean }> };
    expect(directory.users.find((u) => u.id === operator)!.canAct).toBe(false);
    expect(directory.users.find((u) => u.id === people.ann!.id)!.canAct).toBe(true);
    expect(directory.roles.find((r) => r.id === viewerRole)!.canAct).toBe(false);

    // eve can act when the form is made; then her right is taken away with her task still open.
    const staffRole = (db.prepare("SELECT id FROM role WHERE tenant_id = 1 AND code = 'wf_staff'").get() as { id: number }).id;
    const eve = await call(p.admin, 'POST', '/api/admin/user', { username: 'wf.eve', name: 'WF eve', password: 'secret-pass-1', confirmPassword: 'secret-pass-1', phone: '13700009999', email: 'eve@example.com', roleIds: [staffRole] });
    expect(eve.code, eve.msg).toBe(0);
    const form = (await call(p.admin, 'POST', '/api/workflow/form', step({ kind: 'user', userIds: [eve.data.id] }))).data;
    const values = { days: '1', from: '2026-12-04', kind: 'annual' };
    const { id } = (await call(people.cat!.token, 'POST', '/api/workflow/request', { formId: form.id, values })).data;
    db.prepare('DELETE FROM user_role WHERE user_id = ?').run(eve.data.id);
    // A new request would wait on her: refused at once, saying why.
    expect((await call(people.cat!.token, 'POST', '/api/workflow/request', { formId: form.id, values })).msg).toBe('Step “Lead” has no approver: no approver holds the “my tasks” right to act on it');
    // The admin reassigns the stranded task, to someone who can act (not to operator).
    const task = (db.prepare("SELECT id FROM wf_task WHERE request_id = ? AND status = 'pending'").get(id) as { id: number }).id;
    expect((await call(p.admin, 'POST', `/api/workflow/task/${task}/transfer`, { userId: operator })).data).toMatchObject({ field: 'userId' });
    const moved = await call(p.admin, 'POST', `/api/workflow/task/${task}/transfer`, { userId: people.ann!.id, comment: 'eve left' });
    expect(moved.code, moved.msg).toBe(0);
    const mine = (await box(people.ann!.token, 'my')).rows.find((r) => r.id === id)!;
    expect((await call(people.ann!.token, 'POST', `/api/workflow/task/${mine.taskId}/approve`, {})).code).toBe(0);
    expect((await call(people.cat!.token, 'GET', `/api/workflow/request/${id}`)).data.status).toBe('approved');
    // Someone without "all tasks" cannot take another's task.
    expect((await call(people.bob!.token, 'POST', `/api/workflow/task/${task}/transfer`, { userId: people.dan!.id })).code).not.toBe(0);
  });

  it('shows the second tenant none of it', async () => {
    expect((await call(p.admin2, 'POST', '/api/workflow/form/page', { page: 1, limit: 10 })).data.rows.map((f: { name: string }) => f.name)).toEqual(['Attendance fill-in']);
    expect((await call(p.admin2, 'POST', '/api/workflow/list', { page: 1, limit: 10, box: 'all' })).data.total).toBe(0);
    const anyRequest = (p.s.app.atrium.db.prepare('SELECT id FROM wf_request LIMIT 1').get() as { id: number }).id;
    expect((await call(p.admin2, 'GET', `/api/workflow/request/${anyRequest}`)).msg).toBe('No such request');
    const anyTask = (p.s.app.atrium.db.prepare("SELECT id FROM wf_task WHERE status = 'pending' LIMIT 1").get() as { id: number }).id;
    expect((await call(p.admin2, 'POST', `/api/workflow/task/${anyTask}/approve`, {})).msg).toBe('No such task');
  });

  it('answers through its data module without HTTP, bound to one tenant', () => {
    const db = p.s.app.atrium.db;
    const tenantOf = (username: string) => (db.prepare('SELECT tenant_id AS t FROM user WHERE username = ?').get(username) as { t: number }).t;
    const [one, two] = [tenantDataOf(db, tenantOf('admin')), tenantDataOf(db, tenantOf('admin2'))];
    const overtime = formPage(one, 'Overtime', 10, 0);
    expect(overtime.rows.map((f) => f.name)).toEqual(['Overtime']);
    expect(overtime.rows[0]!.requests).toBeGreaterThan(0);
    // The second tenant's data finds neither the form nor any request of the first.
    expect(formPage(two, 'Overtime', 10, 0)).toEqual({ rows: [], total: 0 });
    expect(formExists(one, overtime.rows[0]!.id)).toBe(true);
    expect(formExists(two, overtime.rows[0]!.id)).toBe(false);
    const adminId = (db.prepare("SELECT id FROM user WHERE username = 'admin'").get() as { id: number }).id;
    const all = boxPage(one, 'all', adminId, undefined, 100, 0);
    expect(all.total).toBeGreaterThan(0);
    expect(boxCount(one, 'all', adminId)).toBe(all.total);
    expect(boxPage(two, 'all', adminId, undefined, 100, 0)).toEqual({ rows: [], total: 0 });
    expect(requestRecord(one, all.rows[0]!.id)?.id).toBe(all.rows[0]!.id);
    expect(requestRecord(two, all.rows[0]!.id)).toBeUndefined();
  });
});

describe('workflows across a restart', () => {
  it('a request half-way through its steps continues after the platform restarts', async () => {
    let s: Running = await start();
    const dir = s.dir;
    const admin = await login(s.base, 'admin', 'admin123');
    const call = async (token: string, method: string, path: string, body?: unknown) => (await api(s.base, method, path, { token, body, headers: { lang: 'en' } })).body;
    const adminId = (s.app.atrium.db.prepare("SELECT id FROM user WHERE username = 'admin'").get() as { id: number }).id;
    const form = (
      await call(admin, 'POST', '/api/workflow/form', {
        name: 'Purchase',
        description: '',
        enabled: true,
        fields: [{ name: 'item', label: 'Item', type: 'text', required: true }],
        process: {
          steps: [
            { name: 'One', mode: 'any', approvers: { kind: 'user', userIds: [adminId] } },
            { name: 'Two', mode: 'any', approvers: { kind: 'user', userIds: [adminId] } },
          ],
          cc: [],
        },
      })
    ).data;
    const { id } = (await call(admin, 'POST', '/api/workflow/request', { formId: form.id, values: { item: 'Valve' } })).data;
    const firstTask = (await call(admin, 'POST', '/api/workflow/list', { page: 1, limit: 10, box: 'my' })).data.rows[0].taskId;
    expect((await call(admin, 'POST', `/api/workflow/task/${firstTask}/approve`, {})).code).toBe(0);
    await s.stop();

    s = await start({ dataDir: dir });
    try {
      const again = await login(s.base, 'admin', 'admin123');
      const second = (await call(again, 'POST', '/api/workflow/list', { page: 1, limit: 10, box: 'my' })).data.rows[0];
      expect(second).toMatchObject({ id, stepName: 'Two' });
      expect((await call(again, 'POST', `/api/workflow/task/${second.taskId}/approve`, {})).code).toBe(0);
      expect((await call(again, 'GET', `/api/workflow/request/${id}`)).data.status).toBe('approved');
    } finally {
      await s.stop();
      removeDir(dir);
    }
  });
});
