// The workflow domain's SQL (issue 39): forms and their versions, requests, tasks, CC recipients and
// the timeline, and the people, roles, departments and documents the designer and the detail name.
// Every function takes a tenant's data (tenant-data.ts), so each statement is bound to one tenant;
// the routes (workflow.ts) check the request and answer, the state machine decides, and these write.
import type { Box, Directory, FieldValues, FormField, ProcessDef, ProcessStep, RequestRow, RequestStatus, TaskStatus, TimelineEntry, WorkflowForm } from '../../../shared/api/workflow-types.ts';
import type { Db } from '../db.ts';
import { inLang, localName } from '../local-names.ts';
import type { Lang } from '../messages.ts';
import { inList, likePattern } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { tenantDataOf, type TenantData } from '../tenant-data.ts';

/**
 * A field and a step as stored: a seeded one carries its English text too (label_en, name_en), read
 * in the caller's language like every seeded name (local-names.ts); what a person types clears it.
 */
export type StoredField = FormField & { label_en?: string };
export type StoredStep = ProcessStep & { name_en?: string };

const shown = (row: { name: string; name_en?: string | undefined }, lang?: Lang): string => (lang ? inLang(lang, row) : localName(row));
/** Fields as a reader sees them: labels in their language, without the stored English. */
export const shownFields = (fields: StoredField[], lang?: Lang): FormField[] =>
  fields.map(({ label_en, ...f }) => ({ ...f, label: shown({ name: f.label, name_en: label_en }, lang) }));
/** A step's name in the reader's language. */
export const stepName = ({ name, name_en }: StoredStep, lang?: Lang): string => shown({ name, name_en }, lang);
/** A process as a reader sees it: step names in their language. */
const shownProcess = (p: { steps: StoredStep[]; cc: number[] }, lang?: Lang): ProcessDef => ({ ...p, steps: p.steps.map(({ name_en, ...s }) => ({ ...s, name: stepName({ ...s, name_en }, lang) })) });

/** A form as the API answers it (wf_form f at its current version v). */
const FORM = shape<WorkflowForm>({
  id: col.value('f.id'),
  name: col.value('loc(f.name, f.name_en)'),
  description: col.value('loc(f.description, f.description_en)'),
  enabled: col.flag('f.enabled'),
  version: col.value('f.version'),
  fields: col.calc('v.fields', (v) => shownFields(JSON.parse(String(v)) as StoredField[])),
  process: col.calc('v.process', (v) => shownProcess(JSON.parse(String(v)) as ProcessDef)),
  requests: col.value('(SELECT COUNT(*) FROM wf_request r WHERE r.form_id = f.id)'),
  updatedAt: col.time('f.updated_at'),
});

const FORM_SELECT = `SELECT ${FORM.select} FROM wf_form f JOIN wf_form_version v ON v.form_id = f.id AND v.version = f.version`;

/** A request as a box lists it (wf_request r, its form f at the request's version v, initiator u; "my" adds its task t). */
const requestRow = (taskId: string) =>
  shape<RequestRow>({
    id: col.value('r.id'),
    taskId: col.value(taskId),
    formName: col.value('loc(f.name, f.name_en)'),
    initiatorName: col.value('u.name'),
    status: col.value('r.status'),
    stepName: col.value("COALESCE(loc(json_extract(v.process, '$.steps[' || r.step || '].name'), json_extract(v.process, '$.steps[' || r.step || '].name_en')), '')"),
    createdAt: col.time('r.created_at'),
    updatedAt: col.time('r.updated_at'),
  });
const REQUEST = requestRow('NULL');
const REQUEST_WITH_TASK = requestRow('t.id');

/** A request as stored. */
export interface RequestRecord {
  id: number;
  tenant_id: number;
  form_id: number;
  form_version: number;
  initiator_id: number;
  status: RequestStatus;
  step: number;
  approved_since_submit: number;
  values_json: string;
}

// ---- people, roles, departments, documents ----------------------------------------------------

/** A user's name ('' for none or a stranger). */
export const userName = (td: TenantData, id: number | null): string => (id === null ? '' : (td.get<{ name: string }>('SELECT name FROM user WHERE id = ? AND tenant_id = $tenant', id)?.name ?? ''));

/** Whether a role's holders may act on tasks (a super admin's role, or one with the "my tasks" menu). */
export const roleMayAct = (td: TenantData, roleId: number): boolean =>
  Boolean(td.get("SELECT 1 FROM role r WHERE r.id = ? AND r.tenant_id = $tenant AND (r.super_admin = 1 OR EXISTS (SELECT 1 FROM role_menu m WHERE m.role_id = r.id AND m.menu_code = 'myTask'))", roleId));

/** The pickers' people, departments, roles and documents (who can act is added by the route). */
export function directoryOf(td: TenantData): { users: Array<Omit<Directory['users'][number], 'canAct'>>; roles: Array<Omit<Directory['roles'][number], 'canAct'>>; departments: Directory['departments']; documents: Directory['documents'] } {
  const users = td.all<Omit<Directory['users'][number], 'canAct'>>("SELECT id, name, username, department_id AS departmentId FROM user WHERE tenant_id = $tenant AND status = 'normal' ORDER BY name");
  const roles = td.all<Omit<Directory['roles'][number], 'canAct'>>('SELECT id, loc(name, name_en) AS name FROM role WHERE tenant_id = $tenant AND super_admin = 0 ORDER BY name');
  const departments = td.all<Directory['departments'][number]>('SELECT id, loc(name, name_en) AS name FROM department WHERE tenant_id = $tenant ORDER BY sort, name');
  const documents = (() => {
    try {
      return td.all<Directory['documents'][number]>('SELECT id, number, name FROM document WHERE tenant_id = $tenant ORDER BY number LIMIT 1000');
    } catch {
      return [];
    }
  })();
  return { users, departments, roles, documents };
}

/** How many of the users are the tenant's. */
export const usersFound = (td: TenantData, ids: ReadonlySet<number>): number =>
  td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM user WHERE tenant_id = $tenant AND id IN (${inList(ids.size)})`, ...ids)!.n;

export const roleExists = (td: TenantData, roleId: number): boolean => Boolean(td.get('SELECT 1 FROM role WHERE tenant_id = $tenant AND id = ?', roleId));

export const roleName = (td: TenantData, roleId: number): string | undefined => td.get<{ name: string }>('SELECT loc(name, name_en) AS name FROM role WHERE id = ? AND tenant_id = $tenant', roleId)?.name;

export const activeUserExists = (td: TenantData, userId: number): boolean => Boolean(td.get("SELECT 1 FROM user WHERE tenant_id = $tenant AND id = ? AND status = 'normal'", userId));

export const departmentName = (td: TenantData, id: number): string => td.get<{ name: string }>('SELECT loc(name, name_en) AS name FROM department WHERE id = ? AND tenant_id = $tenant', id)?.name ?? '';

/** A document's number and name (none when documents are not installed). */
export function documentOf(td: TenantData, id: number): { number: string; name: string } | undefined {
  try {
    return td.get<{ number: string; name: string }>('SELECT number, name FROM document WHERE id = ? AND tenant_id = $tenant', id);
  } catch {
    return undefined;
  }
}

/** Whether a user, department or document a field names is the tenant's. */
export function recordExists(td: TenantData, type: 'user' | 'department' | 'attachment', id: number): boolean {
  const table = type === 'user' ? 'user' : type === 'department' ? 'department' : 'document';
  try {
    return Boolean(td.get(`SELECT 1 FROM ${table} WHERE tenant_id = $tenant AND id = ?`, id));
  } catch {
    return false;
  }
}

/** The named users who are active, by id. */
export const activeUsersAmong = (td: TenantData, userIds: readonly number[]): number[] =>
  td.all<{ id: number }>(`SELECT id FROM user WHERE tenant_id = $tenant AND status = 'normal' AND id IN (${inList(userIds.length)}) ORDER BY id`, ...userIds).map((r) => r.id);

/** The active holders of a role, by id. */
export const roleHolders = (td: TenantData, roleId: number): number[] =>
  td.all<{ id: number }>("SELECT u.id FROM user u JOIN user_role ur ON ur.user_id = u.id WHERE u.tenant_id = $tenant AND ur.role_id = ? AND u.status = 'normal' ORDER BY u.id", roleId).map((r) => r.id);

/** The head of the user's department (null when none is set). */
export const departmentHeadOf = (td: TenantData, userId: number): number | null =>
  td.get<{ id: number | null }>('SELECT d.head_user_id AS id FROM user u JOIN department d ON d.id = u.department_id AND d.tenant_id = $tenant WHERE u.id = ? AND u.tenant_id = $tenant', userId)?.id ?? null;

// ---- forms --------------------------------------------------------------------------------------

/** A page of forms; a keyword matches a seeded form's name in either language. */
export function formPage(td: TenantData, keyword: string | undefined, limit: number, offset: number): { rows: WorkflowForm[]; total: number } {
  const where = keyword ? "f.tenant_id = $tenant AND (f.name LIKE ? ESCAPE '\\' OR f.name_en LIKE ? ESCAPE '\\')" : 'f.tenant_id = $tenant';
  const args = keyword ? [likePattern(keyword), likePattern(keyword)] : [];
  const total = td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM wf_form f WHERE ${where}`, ...args)!.n;
  const rows = td.all(`${FORM_SELECT} WHERE ${where} ORDER BY f.name LIMIT ? OFFSET ?`, ...args, limit, offset);
  return { rows: FORM.all(rows), total };
}

/** The enabled forms (a request starts from one). */
export const startableForms = (td: TenantData): WorkflowForm[] => FORM.all(td.all(`${FORM_SELECT} WHERE f.tenant_id = $tenant AND f.enabled = 1 ORDER BY f.name`));

/** A form as answered. */
export const readForm = (td: TenantData, id: number): WorkflowForm => FORM.read(td.get(`${FORM_SELECT} WHERE f.id = ? AND f.tenant_id = $tenant`, id)!);

export const formExists = (td: TenantData, id: number): boolean => Boolean(td.get('SELECT 1 FROM wf_form WHERE tenant_id = $tenant AND id = ?', id));

/** The form whose name (in either language) is this one, if any. */
export const formNamed = (td: TenantData, name: string): { id: number } | undefined => td.get<{ id: number }>('SELECT id FROM wf_form WHERE tenant_id = $tenant AND (name = ? OR name_en = ?)', name, name);

/** A new form at version 1 (in the caller's transaction): its id. */
export function insertForm(td: TenantData, form: { name: string; description: string; enabled: boolean; fields: string; process: string; now: number }): number {
  const made = Number(td.run('INSERT INTO wf_form (tenant_id, name, description, enabled, version, updated_at) VALUES ($tenant, ?, ?, ?, 1, ?)', form.name, form.description, form.enabled ? 1 : 0, form.now).lastInsertRowid);
  td.run('INSERT INTO wf_form_version (form_id, version, fields, process, created_at) VALUES (?, 1, ?, ?, ?)', made, form.fields, form.process, form.now);
  return made;
}

/** A form's stored texts and its current version's definition. */
export const currentForm = (td: TenantData, id: number) =>
  td.get<{ version: number; name: string; name_en: string; description: string; description_en: string; fields: string; process: string }>(
    'SELECT f.version, f.name, f.name_en, f.description, f.description_en, v.fields, v.process FROM wf_form f JOIN wf_form_version v ON v.form_id = f.id AND v.version = f.version WHERE f.id = ? AND f.tenant_id = $tenant',
    id,
  )!;

/** A new version of a form found in the tenant (versions have no tenant of their own). */
export const insertFormVersion = (td: TenantData, formId: number, version: number, fields: string, process: string, now: number): void =>
  void td.run('INSERT INTO wf_form_version (form_id, version, fields, process, created_at) VALUES (?, ?, ?, ?, ?)', formId, version, fields, process, now);

export const updateForm = (td: TenantData, id: number, f: { name: string; name_en: string; description: string; description_en: string; enabled: boolean; version: number; now: number }): void =>
  void td.run('UPDATE wf_form SET name = ?, name_en = ?, description = ?, description_en = ?, enabled = ?, version = ?, updated_at = ? WHERE id = ? AND tenant_id = $tenant', f.name, f.name_en, f.description, f.description_en, f.enabled ? 1 : 0, f.version, f.now, id);

/** The forms to delete with their names and how many requests each has. */
export const formsWithRequests = (td: TenantData, ids: readonly number[]) =>
  td.all<{ id: number; name: string; n: number }>(`SELECT id, loc(name, name_en) AS name, (SELECT COUNT(*) FROM wf_request r WHERE r.form_id = f.id) AS n FROM wf_form f WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids);

/** Deletes the forms in one transaction: how many went. */
export const deleteForms = (td: TenantData, ids: readonly number[]): number => td.tx(() => Number(td.run(`DELETE FROM wf_form WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).changes));

/** A version of a form the caller found in its tenant (versions have no tenant of their own). */
export const versionOf = (td: TenantData, formId: number, version: number) => td.get<{ fields: string; process: string }>('SELECT fields, process FROM wf_form_version WHERE form_id = ? AND version = ?', formId, version)!;

/** A form's name in the reader's language. */
export const formName = (td: TenantData, id: number): string => td.get<{ name: string }>('SELECT loc(name, name_en) AS name FROM wf_form WHERE id = ? AND tenant_id = $tenant', id)!.name;

/** What a request starts from: the form, whether it is enabled, its current version. */
export const formToStart = (td: TenantData, formId: number) => td.get<{ id: number; enabled: number; version: number }>('SELECT id, enabled, version FROM wf_form WHERE tenant_id = $tenant AND id = ?', formId);

// ---- requests, tasks, the timeline --------------------------------------------------------------

/** A new running request at step 0 (in the caller's transaction): its id. */
export const insertRequest = (td: TenantData, formId: number, formVersion: number, initiatorId: number, values: FieldValues, now: number): number =>
  Number(
    td.run("INSERT INTO wf_request (tenant_id, form_id, form_version, initiator_id, status, step, values_json, created_at, updated_at) VALUES ($tenant, ?, ?, ?, 'running', 0, ?, ?, ?)", formId, formVersion, initiatorId, JSON.stringify(values), now, now).lastInsertRowid,
  );

export const insertCc = (td: TenantData, requestId: number, userId: number): void => void td.run('INSERT INTO wf_cc (request_id, user_id) VALUES (?, ?)', requestId, userId);

export const requestRecord = (td: TenantData, id: number): RequestRecord | undefined => td.get<RequestRecord>('SELECT * FROM wf_request WHERE tenant_id = $tenant AND id = ?', id);

/** A request's tasks as the state machine reads them. */
export const requestTasks = (td: TenantData, requestId: number) =>
  td.all<{ id: number; step: number; assigneeId: number; status: TaskStatus }>('SELECT id, step, assignee_id AS assigneeId, status FROM wf_task WHERE request_id = ? AND tenant_id = $tenant', requestId).map((t) => ({ ...t }));

/** The request a task belongs to. */
export const taskRequest = (td: TenantData, taskId: number) => td.get<{ requestId: number }>('SELECT request_id AS requestId FROM wf_task WHERE tenant_id = $tenant AND id = ?', taskId);

export const taskAssignee = (td: TenantData, taskId: number): number => td.get<{ id: number }>('SELECT assignee_id AS id FROM wf_task WHERE id = ? AND tenant_id = $tenant', taskId)!.id;

export const setRequestValues = (td: TenantData, id: number, values: FieldValues): void => void td.run('UPDATE wf_request SET values_json = ? WHERE id = ? AND tenant_id = $tenant', JSON.stringify(values), id);

/** Whether the user has (had) a task on the request. */
export const isAssignee = (td: TenantData, requestId: number, userId: number): boolean => Boolean(td.get('SELECT 1 FROM wf_task WHERE request_id = ? AND assignee_id = ? AND tenant_id = $tenant LIMIT 1', requestId, userId));

/** Whether the user is a CC recipient of the request. */
export const isCc = (td: TenantData, requestId: number, userId: number): boolean => Boolean(td.get('SELECT 1 FROM wf_cc WHERE request_id = ? AND user_id = ?', requestId, userId));

export const insertEvent = (td: TenantData, requestId: number, kind: TimelineEntry['kind'], step: number, actorId: number | null, comment = '', targetId: number | null = null): void =>
  void td.run('INSERT INTO wf_event (tenant_id, request_id, at, actor_id, kind, step, comment, target_id) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?)', requestId, Date.now(), actorId, kind, step, comment, targetId);

export const insertTask = (td: TenantData, requestId: number, step: number, assigneeId: number, now: number): void =>
  void td.run("INSERT INTO wf_task (tenant_id, request_id, step, assignee_id, status, created_at) VALUES ($tenant, ?, ?, ?, 'pending', ?)", requestId, step, assigneeId, now);

export const decideTask = (td: TenantData, taskId: number, status: TaskStatus, comment: string, now: number): void =>
  void td.run('UPDATE wf_task SET status = ?, comment = ?, decided_at = ? WHERE id = ? AND tenant_id = $tenant', status, comment, now, taskId);

export const setRequestState = (td: TenantData, id: number, status: RequestStatus, step: number, approvedSinceSubmit: boolean, now: number): void =>
  void td.run('UPDATE wf_request SET status = ?, step = ?, approved_since_submit = ?, updated_at = ? WHERE id = ? AND tenant_id = $tenant', status, step, approvedSinceSubmit ? 1 : 0, now, id);

/** What the approval listeners learn of a request: its form, the form's kind, the values. */
export const approvedRequest = (td: TenantData, id: number) =>
  td.get<{ form_id: number; kind: string; values_json: string }>('SELECT r.form_id, f.kind, r.values_json FROM wf_request r JOIN wf_form f ON f.id = r.form_id WHERE r.id = ? AND r.tenant_id = $tenant', id)!;

/** A request's tasks with their assignees' names, in order (the detail). */
export const detailTasks = (td: TenantData, requestId: number) =>
  td.all<{ id: number; step: number; assignee_id: number; assigneeName: string; status: TaskStatus; comment: string; decided_at: number | null }>(
    'SELECT t.id, t.step, t.assignee_id, u.name AS assigneeName, t.status, t.comment, t.decided_at FROM wf_task t JOIN user u ON u.id = t.assignee_id WHERE t.request_id = ? AND t.tenant_id = $tenant ORDER BY t.id',
    requestId,
  );

/** A request's timeline, in order. */
export const timelineOf = (td: TenantData, requestId: number) =>
  td.all<{ at: number; actor_id: number | null; kind: TimelineEntry['kind']; step: number; comment: string; target_id: number | null }>(
    'SELECT e.at, e.actor_id, e.kind, e.step, e.comment, e.target_id FROM wf_event e WHERE e.request_id = ? AND e.tenant_id = $tenant ORDER BY e.id',
    requestId,
  );

/** The names of a request's CC recipients, in order. */
export const ccNames = (td: TenantData, requestId: number): string[] =>
  td.all<{ name: string }>('SELECT u.name FROM wf_cc c JOIN user u ON u.id = c.user_id AND u.tenant_id = $tenant WHERE c.request_id = ? ORDER BY u.name', requestId).map((c) => c.name);

// ---- the five boxes -------------------------------------------------------------------------------

/** The FROM/WHERE of a box for this user in their tenant: requests r (and, for "my", their pending task t, answered as taskId). */
function boxSql(box: Box, userId: number): { from: string; where: string; args: Array<string | number>; task: boolean } {
  switch (box) {
    case 'my':
      return { from: "wf_task t JOIN wf_request r ON r.id = t.request_id AND t.status = 'pending'", where: 't.tenant_id = $tenant AND t.assignee_id = ?', args: [userId], task: true };
    case 'initiated':
      return { from: 'wf_request r', where: 'r.tenant_id = $tenant AND r.initiator_id = ?', args: [userId], task: false };
    case 'approved':
      return {
        from: 'wf_request r',
        where: "r.tenant_id = $tenant AND r.id IN (SELECT request_id FROM wf_task WHERE tenant_id = $tenant AND assignee_id = ? AND status IN ('approved', 'rejected', 'transferred'))",
        args: [userId],
        task: false,
      };
    case 'cc':
      return { from: 'wf_request r', where: 'r.tenant_id = $tenant AND r.id IN (SELECT request_id FROM wf_cc WHERE user_id = ?)', args: [userId], task: false };
    default:
      return { from: 'wf_request r', where: 'r.tenant_id = $tenant', args: [], task: false };
  }
}

/** A page of a box for this user, newest first (a status narrows it). */
export function boxPage(td: TenantData, box: Box, userId: number, status: RequestStatus | undefined, limit: number, offset: number): { rows: RequestRow[]; total: number } {
  const q = boxSql(box, userId);
  const where = status ? `${q.where} AND r.status = ?` : q.where;
  const args = status ? [...q.args, status] : q.args;
  const total = td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${q.from} WHERE ${where}`, ...args)!.n;
  const shown = q.task ? REQUEST_WITH_TASK : REQUEST;
  const rows = td.all(
    `SELECT ${shown.select} FROM ${q.from} JOIN wf_form f ON f.id = r.form_id JOIN wf_form_version v ON v.form_id = r.form_id AND v.version = r.form_version
         JOIN user u ON u.id = r.initiator_id WHERE ${where} ORDER BY r.id DESC LIMIT ? OFFSET ?`,
    ...args,
    limit,
    offset,
  );
  return { rows: shown.all(rows), total };
}

/** How many requests a box holds for this user. */
export function boxCount(td: TenantData, box: Box, userId: number): number {
  const q = boxSql(box, userId);
  return td.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${q.from} WHERE ${q.where}`, ...q.args)!.n;
}

/** Test and seed helper: stores a finished request directly (benchmarks fill the history with it). */
export function insertHistory(db: Db, row: { tenantId: number; formId: number; formVersion: number; initiatorId: number; approverId: number; at: number }): void {
  const data = tenantDataOf(db, row.tenantId);
  const id = Number(
    data.run("INSERT INTO wf_request (tenant_id, form_id, form_version, initiator_id, status, step, approved_since_submit, values_json, created_at, updated_at) VALUES ($tenant, ?, ?, ?, 'approved', 0, 1, '{}', ?, ?)", row.formId, row.formVersion, row.initiatorId, row.at, row.at).lastInsertRowid,
  );
  data.run("INSERT INTO wf_task (tenant_id, request_id, step, assignee_id, status, created_at, decided_at) VALUES ($tenant, ?, 0, ?, 'approved', ?, ?)", id, row.approverId, row.at, row.at);
}
