// Approval workflows (activitiManager: activiti/menu form management; my_task, his_task, approve_task,
// copy_task, all_task). A form is its fields plus its process (ordered approval steps — named users, a
// role's holders, or the initiator's department head; "any" or "all" of them — and CC recipients);
// saving a changed form makes a new version, and a request keeps the version it started with. Every
// decision goes through the state machine of shared/workflow/machine.ts and is stored with its
// timeline entry in one transaction, so a restart resumes exactly where the process stood.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { BOXES, type Box, type BoxCounts, type Directory, type FieldValues, type FormField, type ProcessDef, type ProcessStep, type RequestDetail, type RequestPage, type RequestRow, type RequestStatus, type TaskStatus, type TimelineEntry, type WorkflowForm, type WorkflowFormSave } from '../../../shared/api/workflow-types.ts';
import { start, transition, type Effect, type MachineEvent, type MachineState, type Outcome, type Refusal } from '../../../shared/workflow/machine.ts';
import { checkForm, checkValues, problemText } from '../../../shared/workflow/validate.ts';
import type { Db } from '../db.ts';
import { ops } from '../../../shared/contract/workflow.ts';
import { route } from '../contract.ts';
import { fail, failField, ok, requireMenu, userOf } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { inLang, localName, namesAfterEdit } from '../local-names.ts';
import { inList, likePattern, offsetOf } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { formatTime } from '../operations/tasks.ts';
import type { SessionUser } from '../context.ts';
import { loadRights } from '../tokens.ts';
import { platformData, tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';

/**
 * A field and a step as stored: a seeded one carries its English text too (label_en, name_en), read
 * in the caller's language like every seeded name (local-names.ts); what a person types clears it.
 */
export type StoredField = FormField & { label_en?: string };
export type StoredStep = ProcessStep & { name_en?: string };

/** Fields as a reader sees them: labels in their language, without the stored English. */
const shownFields = (fields: StoredField[], lang?: Lang): FormField[] =>
  fields.map(({ label_en, ...f }) => ({ ...f, label: shown({ name: f.label, name_en: label_en }, lang) }));
/** A process as a reader sees it: step names in their language. */
const shownProcess = (p: { steps: StoredStep[]; cc: number[] }, lang?: Lang): ProcessDef => ({ ...p, steps: p.steps.map(({ name_en, ...s }) => ({ ...s, name: stepName({ ...s, name_en }, lang) })) });
const stepName = ({ name, name_en }: StoredStep, lang?: Lang): string => shown({ name, name_en }, lang);
const shown = (row: { name: string; name_en?: string | undefined }, lang?: Lang): string => (lang ? inLang(lang, row) : localName(row));

/** What other modules learn when a request is approved (inside the approval's transaction). */
export interface ApprovedRequest {
  /** The request's tenant's data (the listener writes in the approval's transaction through it). */
  data: TenantData;
  tenantId: number;
  requestId: number;
  formId: number;
  formKind: string;
  initiatorId: number;
  values: FieldValues;
}

/** The workflow engine as other modules use it: start a request, hear of approvals. */
export interface WorkflowService {
  start(data: TenantData, userId: number, formId: number, values: FieldValues, lang: Lang): { id: number } | { refusal: string; field: string | null };
  onApproved(listener: (request: ApprovedRequest) => void): void;
}

const services = new WeakMap<Db, WorkflowService>();
/** The workflow service of a platform (after its routes are installed). */
export const workflowOf = (db: Db): WorkflowService | undefined => services.get(db);

const TEXT = {
  nameTaken: { zh: '已有同名表单', en: 'The same name already exists.' },
  noForm: { zh: '表单不存在', en: 'No such form' },
  formOff: { zh: '该表单已停用', en: 'This form is disabled' },
  formUsed: { zh: '表单 {name} 已有申请，不能删除；可以停用它', en: 'The form {name} has requests and cannot be deleted; disable it instead' },
  noRequest: { zh: '申请不存在', en: 'No such request' },
  noTask: { zh: '待办不存在', en: 'No such task' },
  noUser: { zh: '用户不存在', en: 'No such user' },
  noRole: { zh: '角色不存在', en: 'No such role' },
  nobody: { zh: '步骤“{step}”没有审批人：{why}', en: 'Step “{step}” has no approver: {why}' },
  whyRole: { zh: '该角色下没有用户', en: 'nobody holds the role' },
  whyHead: { zh: '发起人的部门没有设置负责人', en: 'the initiator’s department has no head' },
  whyNoRight: { zh: '审批人没有“我的待办”权限，无法处理', en: 'no approver holds the “my tasks” right to act on it' },
  cannotAct: { zh: '{name} 没有“我的待办”权限，无法处理待办；请先在角色管理中授予，或选择其他人', en: '{name} does not hold the “my tasks” right and could not act on the task; grant it in the roles first, or choose someone else' },
  reason: { zh: '驳回时请填写原因', en: 'Give a reason for the rejection' },
  notYours: { zh: '这不是你的待办', en: 'This task is not yours' },
  decided: { zh: '该待办已处理', en: 'This task has already been decided' },
  notRunning: { zh: '该申请已不在审批中', en: 'This request is no longer being approved' },
  notInitiator: { zh: '只有发起人可以这样做', en: 'Only the initiator can do this' },
  approvedAlready: { zh: '已有审批通过，不能撤回', en: 'Someone has approved already; the request can no longer be withdrawn' },
  notReturned: { zh: '只有被退回的申请可以重新提交', en: 'Only a returned request can be resubmitted' },
  transferSelf: { zh: '不能转交给自己', en: 'A task cannot be transferred to yourself' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);

/** Which menu right each box needs (SPEC §2 activitiManager). */
const BOX_MENU: Record<Box, string> = { my: 'myTask', initiated: 'hisTask', approved: 'approveTask', cc: 'copyTask', all: 'allTask' };

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

interface RequestRecord {
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

const plugin: FastifyPluginAsync = async (app) => {
  // The platform's database only as a key and for the token module: other modules find the workflow
  // service by it (workflowOf), and a possible approver's rights are read by loadRights. Every
  // statement here goes through a tenant's data.
  const db = platformData(app, 'the workflow service is found by its database, and approvers’ rights are read by the token module');

  const userName = (data: TenantData, id: number | null): string => (id === null ? '' : (data.get<{ name: string }>('SELECT name FROM user WHERE id = ? AND tenant_id = $tenant', id)?.name ?? ''));
  // Who can act on a task: the holders of the "my tasks" right (the page where tasks are decided). A
  // request must never wait on someone who cannot open it.
  const mayAct = (data: TenantData, userId: number): boolean => loadRights(db, data.tenantId, userId).menus.has('myTask');
  const roleMayAct = (data: TenantData, roleId: number): boolean =>
    Boolean(data.get("SELECT 1 FROM role r WHERE r.id = ? AND r.tenant_id = $tenant AND (r.super_admin = 1 OR EXISTS (SELECT 1 FROM role_menu m WHERE m.role_id = r.id AND m.menu_code = 'myTask'))", roleId));

  // ---- directory (pickers) -----------------------------------------------------------------------

  route(app, ops.directory, async (request) => {
    const data = tenantData(request);
    const users = data.all<Omit<Directory['users'][number], 'canAct'>>("SELECT id, name, username, department_id AS departmentId FROM user WHERE tenant_id = $tenant AND status = 'normal' ORDER BY name");
    const roles = data.all<Omit<Directory['roles'][number], 'canAct'>>('SELECT id, loc(name, name_en) AS name FROM role WHERE tenant_id = $tenant AND super_admin = 0 ORDER BY name');
    return ok<Directory>({
      users: users.map((u) => ({ ...u, canAct: mayAct(data, u.id) })),
      departments: data.all<Directory['departments'][number]>('SELECT id, loc(name, name_en) AS name FROM department WHERE tenant_id = $tenant ORDER BY sort, name'),
      roles: roles.map((r) => ({ ...r, canAct: roleMayAct(data, r.id) })),
      documents: (() => {
        try {
          return data.all<Directory['documents'][number]>('SELECT id, number, name FROM document WHERE tenant_id = $tenant ORDER BY number LIMIT 1000');
        } catch {
          return [];
        }
      })(),
    });
  });

  // ---- forms ------------------------------------------------------------------------------------

  /** Ids the definition names that the tenant does not hold: the first problem, or null. */
  function foreignIds(data: TenantData, process: ProcessDef, lang: Lang): { at: string; message: string } | null {
    const users = new Set<number>(process.cc);
    for (const s of process.steps) if (s.approvers.kind === 'user') for (const id of s.approvers.userIds) users.add(id);
    if (users.size) {
      const found = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM user WHERE tenant_id = $tenant AND id IN (${inList(users.size)})`, ...users)!.n;
      if (found !== users.size) return { at: 'process', message: say(lang, 'noUser') };
    }
    for (const [i, s] of process.steps.entries()) {
      if (s.approvers.kind === 'role' && !data.get('SELECT 1 FROM role WHERE tenant_id = $tenant AND id = ?', s.approvers.roleId)) return { at: `process.steps.${i}.approvers`, message: say(lang, 'noRole') };
    }
    // An approver who could not act would strand every request at this step: refused at design time.
    for (const [i, s] of process.steps.entries()) {
      const at = `process.steps.${i}.approvers`;
      if (s.approvers.kind === 'user') {
        for (const id of s.approvers.userIds) if (!mayAct(data, id)) return { at, message: say(lang, 'cannotAct', { name: userName(data, id) }) };
      } else if (s.approvers.kind === 'role' && !roleMayAct(data, s.approvers.roleId)) {
        const role = data.get<{ name: string }>('SELECT loc(name, name_en) AS name FROM role WHERE id = ? AND tenant_id = $tenant', s.approvers.roleId);
        return { at, message: say(lang, 'cannotAct', { name: role?.name ?? '' }) };
      }
    }
    return null;
  }

  /**
   * The definition as stored: trimmed texts, only the keys that belong. A label (a step's name) sent
   * back as the stored field (step) was shown keeps its English text (namesAfterEdit); keys in the
   * order the seed writes them, so an unchanged form compares equal.
   */
  const cleanFields = (fields: FormField[], before: StoredField[] = []): StoredField[] =>
    fields.map((f) => {
      const clean: StoredField = { name: f.name.trim(), label: f.label.trim(), type: f.type, required: f.required, ...(f.type === 'select' ? { options: (f.options ?? []).map((o) => o.trim()) } : {}) };
      const old = before.find((b) => b.name === clean.name);
      if (!old?.label_en) return clean;
      const kept = namesAfterEdit({ name: old.label, name_en: old.label_en }, clean.label);
      return kept.name_en ? { ...clean, label: kept.name, label_en: kept.name_en } : clean;
    });
  const cleanProcess = (p: ProcessDef, before: StoredStep[] = []): { steps: StoredStep[]; cc: number[] } => ({
    steps: p.steps.map((s, i) => {
      const clean: StoredStep = {
        name: s.name.trim(),
        mode: s.mode,
        approvers: s.approvers.kind === 'user' ? { kind: 'user', userIds: [...new Set(s.approvers.userIds)] } : s.approvers.kind === 'role' ? { kind: 'role', roleId: s.approvers.roleId } : { kind: 'deptHead' },
      };
      const old = before[i];
      if (!old?.name_en) return clean;
      const kept = namesAfterEdit({ name: old.name, name_en: old.name_en }, clean.name);
      return kept.name_en ? { ...clean, name: kept.name, name_en: kept.name_en } : clean;
    }),
    cc: [...new Set(p.cc)],
  });

  route(app, ops.formPage, async (request) => {
    const data = tenantData(request);
    const keyword = request.body.keyword?.trim();
    // A seeded form's name matches in either language.
    const where = keyword ? "f.tenant_id = $tenant AND (f.name LIKE ? ESCAPE '\\' OR f.name_en LIKE ? ESCAPE '\\')" : 'f.tenant_id = $tenant';
    const args = keyword ? [likePattern(keyword), likePattern(keyword)] : [];
    const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM wf_form f WHERE ${where}`, ...args)!.n;
    const rows = data.all(`${FORM_SELECT} WHERE ${where} ORDER BY f.name LIMIT ? OFFSET ?`, ...args, request.body.limit, offsetOf(request.body));
    return ok({ rows: FORM.all(rows), total });
  });

  /** Forms a user may start a request from (enabled ones). */
  route(app, ops.startable, async (request) => {
    const rows = tenantData(request).all(`${FORM_SELECT} WHERE f.tenant_id = $tenant AND f.enabled = 1 ORDER BY f.name`);
    return ok(FORM.all(rows));
  });

  async function saveForm(request: FastifyRequest<{ Body: WorkflowFormSave }>, id: number | null) {
    const data = tenantData(request);
    const lang = langOf(request);
    const body = request.body;
    const problems = checkForm(body);
    if (problems.length) return failField(problemText(lang, problems[0]!), problems[0]!.at);
    const foreign = foreignIds(data, body.process, lang);
    if (foreign) return failField(foreign.message, foreign.at);
    const name = body.name.trim();
    const taken = data.get<{ id: number }>('SELECT id FROM wf_form WHERE tenant_id = $tenant AND (name = ? OR name_en = ?)', name, name);
    if (taken && taken.id !== id) return failField(say(lang, 'nameTaken'), 'name');
    const now = Date.now();
    const formId = data.tx(() => {
      if (id === null) {
        const made = Number(data.run('INSERT INTO wf_form (tenant_id, name, description, enabled, version, updated_at) VALUES ($tenant, ?, ?, ?, 1, ?)', name, body.description.trim(), body.enabled ? 1 : 0, now).lastInsertRowid);
        data.run('INSERT INTO wf_form_version (form_id, version, fields, process, created_at) VALUES (?, 1, ?, ?, ?)', made, JSON.stringify(cleanFields(body.fields)), JSON.stringify(cleanProcess(body.process)), now);
        return made;
      }
      const current = data.get<{ version: number; name: string; name_en: string; description: string; description_en: string; fields: string; process: string }>(
        'SELECT f.version, f.name, f.name_en, f.description, f.description_en, v.fields, v.process FROM wf_form f JOIN wf_form_version v ON v.form_id = f.id AND v.version = f.version WHERE f.id = ? AND f.tenant_id = $tenant',
        id,
      )!;
      // Texts sent back as they were shown keep their other language (a seeded form read in English).
      const fields = JSON.stringify(cleanFields(body.fields, JSON.parse(current.fields) as StoredField[]));
      const process = JSON.stringify(cleanProcess(body.process, (JSON.parse(current.process) as { steps: StoredStep[] }).steps));
      const names = namesAfterEdit({ name: current.name, name_en: current.name_en }, name);
      const description = namesAfterEdit({ name: current.description, name_en: current.description_en }, body.description.trim());
      // A new version only when what a request runs on changed; requests keep the version they started with.
      const changed = current.fields !== fields || current.process !== process;
      const version = changed ? current.version + 1 : current.version;
      if (changed) data.run('INSERT INTO wf_form_version (form_id, version, fields, process, created_at) VALUES (?, ?, ?, ?, ?)', id, version, fields, process, now);
      data.run('UPDATE wf_form SET name = ?, name_en = ?, description = ?, description_en = ?, enabled = ?, version = ?, updated_at = ? WHERE id = ? AND tenant_id = $tenant', names.name, names.name_en, description.name, description.name_en, body.enabled ? 1 : 0, version, now, id);
      return id;
    });
    return ok(FORM.read(data.get(`${FORM_SELECT} WHERE f.id = ? AND f.tenant_id = $tenant`, formId)!));
  }

  route(app, ops.createForm, (request) => saveForm(request, null));
  route(app, ops.updateForm, async (request) => {
    const { id } = request.params;
    if (!tenantData(request).get('SELECT 1 FROM wf_form WHERE tenant_id = $tenant AND id = ?', id)) return fail(say(langOf(request), 'noForm'));
    return saveForm(request, id);
  });

  route(app, ops.deleteForms, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const ids = [...new Set(request.body.ids)];
    const forms = data.all<{ id: number; name: string; n: number }>(`SELECT id, loc(name, name_en) AS name, (SELECT COUNT(*) FROM wf_request r WHERE r.form_id = f.id) AS n FROM wf_form f WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids);
    if (forms.length !== ids.length) return fail(say(lang, 'noForm'));
    const used = forms.find((f) => f.n > 0);
    if (used) return fail(say(lang, 'formUsed', { name: used.name }));
    const deleted = data.tx(() => Number(data.run(`DELETE FROM wf_form WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).changes));
    return ok({ deleted });
  });

  // ---- requests ---------------------------------------------------------------------------------

  /** A version of a form the caller found in its tenant (versions have no tenant of their own). */
  const versionOf = (data: TenantData, formId: number, version: number) => data.get<{ fields: string; process: string }>('SELECT fields, process FROM wf_form_version WHERE form_id = ? AND version = ?', formId, version)!;
  const exists = (data: TenantData) => (type: 'user' | 'department' | 'attachment', id: number): boolean => {
    const table = type === 'user' ? 'user' : type === 'department' ? 'department' : 'document';
    try {
      return Boolean(data.get(`SELECT 1 FROM ${table} WHERE tenant_id = $tenant AND id = ?`, id));
    } catch {
      return false;
    }
  };

  /** Who approves a step for this initiator; a reason when nobody does. */
  function approversOf(data: TenantData, initiatorId: number, step: ProcessDef['steps'][number], lang: Lang): number[] | string {
    const found = namedApprovers(data, initiatorId, step, lang);
    if (typeof found === 'string') return found;
    // Rights change after design: a task goes only to someone who can act on it, else the step is refused now.
    const able = found.filter((id) => mayAct(data, id));
    return able.length ? able : say(lang, 'whyNoRight');
  }

  function namedApprovers(data: TenantData, initiatorId: number, step: ProcessDef['steps'][number], lang: Lang): number[] | string {
    const a = step.approvers;
    if (a.kind === 'user') {
      const ids = data.all<{ id: number }>(`SELECT id FROM user WHERE tenant_id = $tenant AND status = 'normal' AND id IN (${inList(a.userIds.length)}) ORDER BY id`, ...a.userIds);
      return ids.length ? ids.map((r) => r.id) : say(lang, 'noUser');
    }
    if (a.kind === 'role') {
      const ids = data.all<{ id: number }>("SELECT u.id FROM user u JOIN user_role ur ON ur.user_id = u.id WHERE u.tenant_id = $tenant AND ur.role_id = ? AND u.status = 'normal' ORDER BY u.id", a.roleId);
      return ids.length ? ids.map((r) => r.id) : say(lang, 'whyRole');
    }
    const head = data.get<{ id: number | null }>('SELECT d.head_user_id AS id FROM user u JOIN department d ON d.id = u.department_id AND d.tenant_id = $tenant WHERE u.id = ? AND u.tenant_id = $tenant', initiatorId);
    return head?.id ? [head.id] : say(lang, 'whyHead');
  }

  const event = (data: TenantData, requestId: number, kind: TimelineEntry['kind'], step: number, actorId: number | null, comment = '', targetId: number | null = null) =>
    data.run('INSERT INTO wf_event (tenant_id, request_id, at, actor_id, kind, step, comment, target_id) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?)', requestId, Date.now(), actorId, kind, step, comment, targetId);

  /**
   * Applies a machine outcome to a request inside the caller's transaction: task decisions, new
   * tasks, the request's status, the timeline. Throws a Refused when a step to open has nobody.
   */
  const approvedListeners: Array<(request: ApprovedRequest) => void> = [];

  function apply(data: TenantData, requestId: number, initiatorId: number, process: ProcessDef, outcome: Extract<Outcome, { ok: true }>, lang: Lang, decidedBy: number | null, comment: string): void {
    const now = Date.now();
    const addTask = (step: number, assigneeId: number) =>
      data.run("INSERT INTO wf_task (tenant_id, request_id, step, assignee_id, status, created_at) VALUES ($tenant, ?, ?, ?, 'pending', ?)", requestId, step, assigneeId, now);
    for (const effect of outcome.effects as Effect[]) {
      if (effect.kind === 'decide') {
        data.run('UPDATE wf_task SET status = ?, comment = ?, decided_at = ? WHERE id = ? AND tenant_id = $tenant', effect.status, effect.status === 'cancelled' ? '' : comment, now, effect.taskId);
      } else if (effect.kind === 'assign') {
        addTask(effect.step, effect.assigneeId);
      } else {
        const step = process.steps[effect.step]!;
        const who = approversOf(data, initiatorId, step, lang);
        if (typeof who === 'string') throw new Refused(say(lang, 'nobody', { step: stepName(step, lang), why: who }));
        for (const id of who) addTask(effect.step, id);
        event(data, requestId, 'stepOpened', effect.step, null);
      }
    }
    data.run('UPDATE wf_request SET status = ?, step = ?, approved_since_submit = ?, updated_at = ? WHERE id = ? AND tenant_id = $tenant', outcome.status, outcome.step, outcome.approvedSinceSubmit ? 1 : 0, now, requestId);
    if (outcome.status === 'approved' || outcome.status === 'rejected') event(data, requestId, 'finished', outcome.step, decidedBy, outcome.status);
    if (outcome.status === 'approved' && approvedListeners.length) {
      const r = data.get<{ form_id: number; kind: string; values_json: string }>('SELECT r.form_id, f.kind, r.values_json FROM wf_request r JOIN wf_form f ON f.id = r.form_id WHERE r.id = ? AND r.tenant_id = $tenant', requestId)!;
      for (const listener of approvedListeners) listener({ data, tenantId: data.tenantId, requestId, formId: r.form_id, formKind: r.kind, initiatorId, values: JSON.parse(r.values_json) as FieldValues });
    }
  }

  function startRequest(data: TenantData, userId: number, formId: number, values: FieldValues, lang: Lang): { id: number } | { refusal: string; field: string | null } {
    const form = data.get<{ id: number; enabled: number; version: number }>('SELECT id, enabled, version FROM wf_form WHERE tenant_id = $tenant AND id = ?', formId);
    if (!form) return { refusal: say(lang, 'noForm'), field: null };
    if (!form.enabled) return { refusal: say(lang, 'formOff'), field: null };
    const v = versionOf(data, form.id, form.version);
    const fields = JSON.parse(v.fields) as FormField[];
    const process = JSON.parse(v.process) as ProcessDef;
    const problems = checkValues(fields, values, exists(data));
    if (problems.length) return { refusal: problemText(lang, problems[0]!), field: problems[0]!.at };
    try {
      const id = data.tx(() => {
        const now = Date.now();
        const requestId = Number(
          data.run("INSERT INTO wf_request (tenant_id, form_id, form_version, initiator_id, status, step, values_json, created_at, updated_at) VALUES ($tenant, ?, ?, ?, 'running', 0, ?, ?, ?)", form.id, form.version, userId, JSON.stringify(values), now, now).lastInsertRowid,
        );
        for (const cc of process.cc) data.run('INSERT INTO wf_cc (request_id, user_id) VALUES (?, ?)', requestId, cc);
        event(data, requestId, 'started', 0, userId);
        apply(data, requestId, userId, process, start() as Extract<Outcome, { ok: true }>, lang, null, '');
        return requestId;
      });
      return { id };
    } catch (error) {
      if (error instanceof Refused) return { refusal: error.message, field: null };
      throw error;
    }
  }

  services.set(db, { start: startRequest, onApproved: (listener) => approvedListeners.push(listener) });

  route(
    app,
    ops.start,
    async (request) => {
      const user = userOf(request);
      const started = startRequest(tenantData(request), user.id, request.body.formId, request.body.values, langOf(request));
      return 'id' in started ? ok({ id: started.id }) : failField(started.refusal, started.field);
    },
  );

  /** Runs one machine event on a request: refusal texts, or the stored transition. */
  function decide(request: FastifyRequest, requestId: number, make: (state: MachineState) => MachineEvent, kind: TimelineEntry['kind'], comment: string, targetId: number | null = null) {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const r = data.get<RequestRecord>('SELECT * FROM wf_request WHERE tenant_id = $tenant AND id = ?', requestId);
    if (!r) return fail(say(lang, 'noRequest'));
    const process = JSON.parse(versionOf(data, r.form_id, r.form_version).process) as ProcessDef;
    const tasks = data.all<{ id: number; step: number; assigneeId: number; status: TaskStatus }>('SELECT id, step, assignee_id AS assigneeId, status FROM wf_task WHERE request_id = ? AND tenant_id = $tenant', r.id).map((t) => ({ ...t }));
    const state: MachineState = { status: r.status, step: r.step, initiatorId: r.initiator_id, tasks, approvedSinceSubmit: r.approved_since_submit === 1 };
    const outcome = transition(state, make(state), process.steps);
    if (!outcome.ok) return fail(say(lang, outcome.refusal satisfies Refusal));
    try {
      data.tx(() => {
        event(data, r.id, kind, r.step, user.id, comment, targetId);
        apply(data, r.id, r.initiator_id, process, outcome, lang, user.id, comment);
      });
    } catch (error) {
      if (error instanceof Refused) return fail(error.message);
      throw error;
    }
    return ok({ id: r.id, status: outcome.status });
  }

  const taskRequest = (data: TenantData, taskId: number) => data.get<{ requestId: number }>('SELECT request_id AS requestId FROM wf_task WHERE tenant_id = $tenant AND id = ?', taskId);

  route(app, ops.approve, async (request) => {
    const user = userOf(request);
    const taskId = request.params.id;
    const owner = taskRequest(tenantData(request), taskId);
    if (!owner) return fail(say(langOf(request), 'noTask'));
    return decide(request, owner.requestId, () => ({ type: 'approve', taskId, by: user.id }), 'approved', request.body.comment?.trim() ?? '');
  });

  route(
    app,
    ops.reject,
    async (request) => {
      const user = userOf(request);
      const lang = langOf(request);
      const taskId = request.params.id;
      const owner = taskRequest(tenantData(request), taskId);
      if (!owner) return fail(say(lang, 'noTask'));
      const comment = (request.body.comment ?? '').trim();
      if (!comment) return failField(say(lang, 'reason'), 'comment');
      return decide(request, owner.requestId, () => ({ type: 'reject', taskId, by: user.id, end: request.body.end }), request.body.end ? 'rejected' : 'returned', comment);
    },
  );

  route(
    app,
    ops.transfer,
    // The assignee hands their task on; a holder of "all tasks" (an admin) reassigns anyone's pending
    // task, so a task whose assignee can no longer act is never stranded.
    async (request) => {
      const user = userOf(request);
      const data = tenantData(request);
      const lang = langOf(request);
      const taskId = request.params.id;
      const owner = taskRequest(data, taskId);
      if (!owner) return fail(say(lang, 'noTask'));
      if (!data.get("SELECT 1 FROM user WHERE tenant_id = $tenant AND id = ? AND status = 'normal'", request.body.userId)) return failField(say(lang, 'noUser'), 'userId');
      if (!mayAct(data, request.body.userId)) return failField(say(lang, 'cannotAct', { name: userName(data, request.body.userId) }), 'userId');
      const assignee = data.get<{ id: number }>('SELECT assignee_id AS id FROM wf_task WHERE id = ? AND tenant_id = $tenant', taskId)!.id;
      const by = assignee !== user.id && user.menus.has('allTask') ? assignee : user.id;
      if (by === user.id && !user.menus.has('myTask')) return fail(say(lang, 'notYours'));
      return decide(request, owner.requestId, () => ({ type: 'transfer', taskId, by, to: request.body.userId }), 'transferred', request.body.comment?.trim() ?? '', request.body.userId);
    },
  );

  route(app, ops.withdraw, async (request) => {
    const user = userOf(request);
    return decide(request, request.params.id, () => ({ type: 'withdraw', by: user.id }), 'withdrawn', '');
  });

  route(app, ops.resubmit, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const r = data.get<RequestRecord>('SELECT * FROM wf_request WHERE tenant_id = $tenant AND id = ?', request.params.id);
    if (!r) return fail(say(lang, 'noRequest'));
    const fields = JSON.parse(versionOf(data, r.form_id, r.form_version).fields) as FormField[];
    const problems = checkValues(fields, request.body.values, exists(data));
    if (problems.length) return failField(problemText(lang, problems[0]!), problems[0]!.at);
    if (r.initiator_id === user.id && r.status === 'returned') data.run('UPDATE wf_request SET values_json = ? WHERE id = ? AND tenant_id = $tenant', JSON.stringify(request.body.values), r.id);
    return decide(request, r.id, () => ({ type: 'resubmit', by: user.id }), 'resubmitted', '');
  });

  /** Whether the user may see the request: its initiator, an assignee, a CC, or a holder of allTask. */
  const maySee = (data: TenantData, user: SessionUser, r: RequestRecord): boolean =>
    r.initiator_id === user.id ||
    user.menus.has('allTask') ||
    Boolean(data.get('SELECT 1 FROM wf_task WHERE request_id = ? AND assignee_id = ? AND tenant_id = $tenant LIMIT 1', r.id, user.id)) ||
    Boolean(data.get('SELECT 1 FROM wf_cc WHERE request_id = ? AND user_id = ?', r.id, user.id));

  route(app, ops.detail, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const r = data.get<RequestRecord>('SELECT * FROM wf_request WHERE tenant_id = $tenant AND id = ?', request.params.id);
    if (!r || !maySee(data, user, r)) return fail(say(lang, 'noRequest'));
    const v = versionOf(data, r.form_id, r.form_version);
    const fields = shownFields(JSON.parse(v.fields) as StoredField[]);
    const process = JSON.parse(v.process) as { steps: StoredStep[]; cc: number[] };
    const values = JSON.parse(r.values_json) as FieldValues;
    const labels: Record<string, string> = {};
    for (const f of fields) {
      const id = Number(values[f.name]);
      if (!id) continue;
      if (f.type === 'user') labels[f.name] = userName(data, id);
      if (f.type === 'department') labels[f.name] = data.get<{ name: string }>('SELECT loc(name, name_en) AS name FROM department WHERE id = ? AND tenant_id = $tenant', id)?.name ?? '';
      if (f.type === 'attachment') {
        const doc = (() => {
          try {
            return data.get<{ number: string; name: string }>('SELECT number, name FROM document WHERE id = ? AND tenant_id = $tenant', id);
          } catch {
            return undefined;
          }
        })();
        labels[f.name] = doc ? `${doc.number} ${doc.name}` : '';
      }
    }
    const tasks = data.all<{ id: number; step: number; assignee_id: number; assigneeName: string; status: TaskStatus; comment: string; decided_at: number | null }>(
      'SELECT t.id, t.step, t.assignee_id, u.name AS assigneeName, t.status, t.comment, t.decided_at FROM wf_task t JOIN user u ON u.id = t.assignee_id WHERE t.request_id = ? AND t.tenant_id = $tenant ORDER BY t.id',
      r.id,
    );
    const events = data.all<{ at: number; actor_id: number | null; kind: TimelineEntry['kind']; step: number; comment: string; target_id: number | null }>(
      'SELECT e.at, e.actor_id, e.kind, e.step, e.comment, e.target_id FROM wf_event e WHERE e.request_id = ? AND e.tenant_id = $tenant ORDER BY e.id',
      r.id,
    );
    const mine = tasks.find((t) => t.assignee_id === user.id && t.status === 'pending');
    const reassignable = !mine && user.menus.has('allTask') ? tasks.find((t) => t.status === 'pending') : undefined;
    const detail: RequestDetail = {
      id: r.id,
      formName: data.get<{ name: string }>('SELECT loc(name, name_en) AS name FROM wf_form WHERE id = ? AND tenant_id = $tenant', r.form_id)!.name,
      formVersion: r.form_version,
      fields,
      values,
      labels,
      initiatorName: userName(data, r.initiator_id),
      status: r.status,
      step: r.step,
      steps: process.steps.map((s, i) => ({
        name: stepName(s),
        mode: s.mode,
        tasks: tasks.filter((t) => t.step === i).map((t) => ({ assigneeName: t.assigneeName, status: t.status, comment: t.comment, decidedAt: formatTime(t.decided_at) })),
      })),
      ccNames: data.all<{ name: string }>('SELECT u.name FROM wf_cc c JOIN user u ON u.id = c.user_id AND u.tenant_id = $tenant WHERE c.request_id = ? ORDER BY u.name', r.id).map((c) => c.name),
      timeline: events.map((e) => ({ at: formatTime(e.at), actorName: userName(data, e.actor_id), kind: e.kind, stepName: process.steps[e.step] ? stepName(process.steps[e.step]!) : '', comment: e.comment, targetName: userName(data, e.target_id) })),
      myTaskId: mine?.id ?? null,
      reassignTaskId: reassignable?.id ?? null,
      canWithdraw: r.initiator_id === user.id && (r.status === 'running' || r.status === 'returned') && r.approved_since_submit === 0,
      canResubmit: r.initiator_id === user.id && r.status === 'returned',
    };
    return ok(detail);
  });

  // ---- the five boxes ---------------------------------------------------------------------------

  /** The FROM/WHERE of a box for this user in their tenant: requests r (and, for "my", their pending task t, answered as taskId). */
  function boxSql(box: Box, user: SessionUser): { from: string; where: string; args: Array<string | number>; task: boolean } {
    switch (box) {
      case 'my':
        return { from: "wf_task t JOIN wf_request r ON r.id = t.request_id AND t.status = 'pending'", where: 't.tenant_id = $tenant AND t.assignee_id = ?', args: [user.id], task: true };
      case 'initiated':
        return { from: 'wf_request r', where: 'r.tenant_id = $tenant AND r.initiator_id = ?', args: [user.id], task: false };
      case 'approved':
        return {
          from: 'wf_request r',
          where: "r.tenant_id = $tenant AND r.id IN (SELECT request_id FROM wf_task WHERE tenant_id = $tenant AND assignee_id = ? AND status IN ('approved', 'rejected', 'transferred'))",
          args: [user.id],
          task: false,
        };
      case 'cc':
        return { from: 'wf_request r', where: 'r.tenant_id = $tenant AND r.id IN (SELECT request_id FROM wf_cc WHERE user_id = ?)', args: [user.id], task: false };
      default:
        return { from: 'wf_request r', where: 'r.tenant_id = $tenant', args: [], task: false };
    }
  }

  route(
    app,
    ops.list,
    async (request, reply) => {
      const { box, status } = request.body;
      await requireMenu(BOX_MENU[box])(request, reply);
      if (reply.sent) return reply;
      const user = userOf(request);
      const data = tenantData(request);
      const q = boxSql(box, user);
      const where = status ? `${q.where} AND r.status = ?` : q.where;
      const args = status ? [...q.args, status] : q.args;
      const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${q.from} WHERE ${where}`, ...args)!.n;
      const shown = q.task ? REQUEST_WITH_TASK : REQUEST;
      const rows = data.all(
        `SELECT ${shown.select} FROM ${q.from} JOIN wf_form f ON f.id = r.form_id JOIN wf_form_version v ON v.form_id = r.form_id AND v.version = r.form_version
         JOIN user u ON u.id = r.initiator_id WHERE ${where} ORDER BY r.id DESC LIMIT ? OFFSET ?`,
        ...args,
        request.body.limit,
        offsetOf(request.body),
      );
      return ok<RequestPage>({ rows: shown.all(rows), total });
    },
  );

  route(app, ops.counts, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const counts = {} as BoxCounts;
    for (const box of BOXES) {
      if (!user.menus.has(BOX_MENU[box])) {
        counts[box] = 0;
        continue;
      }
      const q = boxSql(box, user);
      counts[box] = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${q.from} WHERE ${q.where}`, ...q.args)!.n;
    }
    return ok(counts);
  });
};

class Refused extends Error {}

/** Test and seed helper: stores a finished request directly (benchmarks fill the history with it). */
export function insertHistory(db: Db, row: { tenantId: number; formId: number; formVersion: number; initiatorId: number; approverId: number; at: number }): void {
  const data = tenantDataOf(db, row.tenantId);
  const id = Number(
    data.run("INSERT INTO wf_request (tenant_id, form_id, form_version, initiator_id, status, step, approved_since_submit, values_json, created_at, updated_at) VALUES ($tenant, ?, ?, ?, 'approved', 0, 1, '{}', ?, ?)", row.formId, row.formVersion, row.initiatorId, row.at, row.at).lastInsertRowid,
  );
  data.run("INSERT INTO wf_task (tenant_id, request_id, step, assignee_id, status, created_at, decided_at) VALUES ($tenant, ?, 0, ?, 'approved', ?, ?)", id, row.approverId, row.at, row.at);
}

export default plugin;
