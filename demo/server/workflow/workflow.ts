// Approval workflows (activitiManager: activiti/menu form management; my_task, his_task, approve_task,
// copy_task, all_task). A form is its fields plus its process (ordered approval steps — named users, a
// role's holders, or the initiator's department head; "any" or "all" of them — and CC recipients);
// saving a changed form makes a new version, and a request keeps the version it started with. Every
// decision goes through the state machine of shared/workflow/machine.ts and is stored with its
// timeline entry in one transaction, so a restart resumes exactly where the process stood.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { BOXES, type Box, type BoxCounts, type Directory, type FieldValues, type FormField, type ProcessDef, type RequestDetail, type RequestPage, type TimelineEntry, type WorkflowFormSave } from '../../../shared/api/workflow-types.ts';
import { start, transition, type Effect, type MachineEvent, type MachineState, type Outcome, type Refusal } from '../../../shared/workflow/machine.ts';
import { checkForm, checkValues, problemText } from '../../../shared/workflow/validate.ts';
import type { Db } from '../db.ts';
import { ops } from '../../../shared/contract/workflow.ts';
import { route } from '../contract.ts';
import { fail, failField, ok, requireMenu, userOf } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { namesAfterEdit } from '../local-names.ts';
import { offsetOf } from '../resource.ts';
import { formatTime } from '../operations/tasks.ts';
import type { SessionUser } from '../context.ts';
import { loadRights } from '../tokens.ts';
import {
  activeUserExists,
  activeUsersAmong,
  approvedRequest,
  boxCount,
  boxPage,
  ccNames,
  currentForm,
  decideTask,
  deleteForms,
  departmentHeadOf,
  departmentName,
  detailTasks,
  directoryOf,
  documentOf,
  formExists,
  formName,
  formNamed,
  formPage,
  formsWithRequests,
  formToStart,
  insertCc,
  insertEvent,
  insertForm,
  insertFormVersion,
  insertRequest,
  insertTask,
  isAssignee,
  isCc,
  readForm,
  recordExists,
  requestRecord,
  requestTasks,
  roleExists,
  roleHolders,
  roleMayAct,
  roleName,
  setRequestState,
  setRequestValues,
  shownFields,
  startableForms,
  stepName,
  taskAssignee,
  taskRequest,
  timelineOf,
  updateForm,
  userName,
  usersFound,
  versionOf,
  type RequestRecord,
  type StoredField,
  type StoredStep,
} from './workflow-data.ts';
import { platformData, tenantData, type TenantData } from '../tenant-data.ts';

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

const plugin: FastifyPluginAsync = async (app) => {
  // The platform's database only as a key and for the token module: other modules find the workflow
  // service by it (workflowOf), and a possible approver's rights are read by loadRights. Every
  // statement here goes through a tenant's data.
  const db = platformData(app, 'the workflow service is found by its database, and approvers’ rights are read by the token module');

  // Who can act on a task: the holders of the "my tasks" right (the page where tasks are decided). A
  // request must never wait on someone who cannot open it.
  const mayAct = (data: TenantData, userId: number): boolean => loadRights(db, data.tenantId, userId).menus.has('myTask');

  // ---- directory (pickers) -----------------------------------------------------------------------

  route(app, ops.directory, async (request) => {
    const data = tenantData(request);
    const { users, roles, departments, documents } = directoryOf(data);
    return ok<Directory>({
      users: users.map((u) => ({ ...u, canAct: mayAct(data, u.id) })),
      departments,
      roles: roles.map((r) => ({ ...r, canAct: roleMayAct(data, r.id) })),
      documents,
    });
  });

  // ---- forms ------------------------------------------------------------------------------------

  /** Ids the definition names that the tenant does not hold: the first problem, or null. */
  function foreignIds(data: TenantData, process: ProcessDef, lang: Lang): { at: string; message: string } | null {
    const users = new Set<number>(process.cc);
    for (const s of process.steps) if (s.approvers.kind === 'user') for (const id of s.approvers.userIds) users.add(id);
    if (users.size) {
      const found = usersFound(data, users);
      if (found !== users.size) return { at: 'process', message: say(lang, 'noUser') };
    }
    for (const [i, s] of process.steps.entries()) {
      if (s.approvers.kind === 'role' && !roleExists(data, s.approvers.roleId)) return { at: `process.steps.${i}.approvers`, message: say(lang, 'noRole') };
    }
    // An approver who could not act would strand every request at this step: refused at design time.
    for (const [i, s] of process.steps.entries()) {
      const at = `process.steps.${i}.approvers`;
      if (s.approvers.kind === 'user') {
        for (const id of s.approvers.userIds) if (!mayAct(data, id)) return { at, message: say(lang, 'cannotAct', { name: userName(data, id) }) };
      } else if (s.approvers.kind === 'role' && !roleMayAct(data, s.approvers.roleId)) {
        return { at, message: say(lang, 'cannotAct', { name: roleName(data, s.approvers.roleId) ?? '' }) };
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

  route(app, ops.formPage, async (request) => ok(formPage(tenantData(request), request.body.keyword?.trim(), request.body.limit, offsetOf(request.body))));

  /** Forms a user may start a request from (enabled ones). */
  route(app, ops.startable, async (request) => ok(startableForms(tenantData(request))));

  async function saveForm(request: FastifyRequest<{ Body: WorkflowFormSave }>, id: number | null) {
    const data = tenantData(request);
    const lang = langOf(request);
    const body = request.body;
    const problems = checkForm(body);
    if (problems.length) return failField(problemText(lang, problems[0]!), problems[0]!.at);
    const foreign = foreignIds(data, body.process, lang);
    if (foreign) return failField(foreign.message, foreign.at);
    const name = body.name.trim();
    const taken = formNamed(data, name);
    if (taken && taken.id !== id) return failField(say(lang, 'nameTaken'), 'name');
    const now = Date.now();
    const formId = data.tx(() => {
      if (id === null) return insertForm(data, { name, description: body.description.trim(), enabled: body.enabled, fields: JSON.stringify(cleanFields(body.fields)), process: JSON.stringify(cleanProcess(body.process)), now });
      const current = currentForm(data, id);
      // Texts sent back as they were shown keep their other language (a seeded form read in English).
      const fields = JSON.stringify(cleanFields(body.fields, JSON.parse(current.fields) as StoredField[]));
      const process = JSON.stringify(cleanProcess(body.process, (JSON.parse(current.process) as { steps: StoredStep[] }).steps));
      const names = namesAfterEdit({ name: current.name, name_en: current.name_en }, name);
      const description = namesAfterEdit({ name: current.description, name_en: current.description_en }, body.description.trim());
      // A new version only when what a request runs on changed; requests keep the version they started with.
      const changed = current.fields !== fields || current.process !== process;
      const version = changed ? current.version + 1 : current.version;
      if (changed) insertFormVersion(data, id, version, fields, process, now);
      updateForm(data, id, { name: names.name, name_en: names.name_en, description: description.name, description_en: description.name_en, enabled: body.enabled, version, now });
      return id;
    });
    return ok(readForm(data, formId));
  }

  route(app, ops.createForm, (request) => saveForm(request, null));
  route(app, ops.updateForm, async (request) => {
    const { id } = request.params;
    if (!formExists(tenantData(request), id)) return fail(say(langOf(request), 'noForm'));
    return saveForm(request, id);
  });

  route(app, ops.deleteForms, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const ids = [...new Set(request.body.ids)];
    const forms = formsWithRequests(data, ids);
    if (forms.length !== ids.length) return fail(say(lang, 'noForm'));
    const used = forms.find((f) => f.n > 0);
    if (used) return fail(say(lang, 'formUsed', { name: used.name }));
    const deleted = deleteForms(data, ids);
    return ok({ deleted });
  });

  // ---- requests ---------------------------------------------------------------------------------

  const exists = (data: TenantData) => (type: 'user' | 'department' | 'attachment', id: number): boolean => recordExists(data, type, id);

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
      const ids = activeUsersAmong(data, a.userIds);
      return ids.length ? ids : say(lang, 'noUser');
    }
    if (a.kind === 'role') {
      const ids = roleHolders(data, a.roleId);
      return ids.length ? ids : say(lang, 'whyRole');
    }
    const head = departmentHeadOf(data, initiatorId);
    return head ? [head] : say(lang, 'whyHead');
  }

  /**
   * Applies a machine outcome to a request inside the caller's transaction: task decisions, new
   * tasks, the request's status, the timeline. Throws a Refused when a step to open has nobody.
   */
  const approvedListeners: Array<(request: ApprovedRequest) => void> = [];

  function apply(data: TenantData, requestId: number, initiatorId: number, process: ProcessDef, outcome: Extract<Outcome, { ok: true }>, lang: Lang, decidedBy: number | null, comment: string): void {
    const now = Date.now();
    const addTask = (step: number, assigneeId: number) => insertTask(data, requestId, step, assigneeId, now);
    for (const effect of outcome.effects as Effect[]) {
      if (effect.kind === 'decide') {
        decideTask(data, effect.taskId, effect.status, effect.status === 'cancelled' ? '' : comment, now);
      } else if (effect.kind === 'assign') {
        addTask(effect.step, effect.assigneeId);
      } else {
        const step = process.steps[effect.step]!;
        const who = approversOf(data, initiatorId, step, lang);
        if (typeof who === 'string') throw new Refused(say(lang, 'nobody', { step: stepName(step, lang), why: who }));
        for (const id of who) addTask(effect.step, id);
        insertEvent(data, requestId, 'stepOpened', effect.step, null);
      }
    }
    setRequestState(data, requestId, outcome.status, outcome.step, outcome.approvedSinceSubmit, now);
    if (outcome.status === 'approved' || outcome.status === 'rejected') insertEvent(data, requestId, 'finished', outcome.step, decidedBy, outcome.status);
    if (outcome.status === 'approved' && approvedListeners.length) {
      const r = approvedRequest(data, requestId);
      for (const listener of approvedListeners) listener({ data, tenantId: data.tenantId, requestId, formId: r.form_id, formKind: r.kind, initiatorId, values: JSON.parse(r.values_json) as FieldValues });
    }
  }

  function startRequest(data: TenantData, userId: number, formId: number, values: FieldValues, lang: Lang): { id: number } | { refusal: string; field: string | null } {
    const form = formToStart(data, formId);
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
        const requestId = insertRequest(data, form.id, form.version, userId, values, now);
        for (const cc of process.cc) insertCc(data, requestId, cc);
        insertEvent(data, requestId, 'started', 0, userId);
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
    const r = requestRecord(data, requestId);
    if (!r) return fail(say(lang, 'noRequest'));
    const process = JSON.parse(versionOf(data, r.form_id, r.form_version).process) as ProcessDef;
    const tasks = requestTasks(data, r.id);
    const state: MachineState = { status: r.status, step: r.step, initiatorId: r.initiator_id, tasks, approvedSinceSubmit: r.approved_since_submit === 1 };
    const outcome = transition(state, make(state), process.steps);
    if (!outcome.ok) return fail(say(lang, outcome.refusal satisfies Refusal));
    try {
      data.tx(() => {
        insertEvent(data, r.id, kind, r.step, user.id, comment, targetId);
        apply(data, r.id, r.initiator_id, process, outcome, lang, user.id, comment);
      });
    } catch (error) {
      if (error instanceof Refused) return fail(error.message);
      throw error;
    }
    return ok({ id: r.id, status: outcome.status });
  }

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
      if (!activeUserExists(data, request.body.userId)) return failField(say(lang, 'noUser'), 'userId');
      if (!mayAct(data, request.body.userId)) return failField(say(lang, 'cannotAct', { name: userName(data, request.body.userId) }), 'userId');
      const assignee = taskAssignee(data, taskId);
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
    const r = requestRecord(data, request.params.id);
    if (!r) return fail(say(lang, 'noRequest'));
    const fields = JSON.parse(versionOf(data, r.form_id, r.form_version).fields) as FormField[];
    const problems = checkValues(fields, request.body.values, exists(data));
    if (problems.length) return failField(problemText(lang, problems[0]!), problems[0]!.at);
    if (r.initiator_id === user.id && r.status === 'returned') setRequestValues(data, r.id, request.body.values);
    return decide(request, r.id, () => ({ type: 'resubmit', by: user.id }), 'resubmitted', '');
  });

  /** Whether the user may see the request: its initiator, an assignee, a CC, or a holder of allTask. */
  const maySee = (data: TenantData, user: SessionUser, r: RequestRecord): boolean =>
    r.initiator_id === user.id ||
    user.menus.has('allTask') ||
    isAssignee(data, r.id, user.id) ||
    isCc(data, r.id, user.id);

  route(app, ops.detail, async (request) => {
    const user = userOf(request);
    const data = tenantData(request);
    const lang = langOf(request);
    const r = requestRecord(data, request.params.id);
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
      if (f.type === 'department') labels[f.name] = departmentName(data, id);
      if (f.type === 'attachment') {
        const doc = documentOf(data, id);
        labels[f.name] = doc ? `${doc.number} ${doc.name}` : '';
      }
    }
    const tasks = detailTasks(data, r.id);
    const events = timelineOf(data, r.id);
    const mine = tasks.find((t) => t.assignee_id === user.id && t.status === 'pending');
    const reassignable = !mine && user.menus.has('allTask') ? tasks.find((t) => t.status === 'pending') : undefined;
    const detail: RequestDetail = {
      id: r.id,
      formName: formName(data, r.form_id),
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
      ccNames: ccNames(data, r.id),
      timeline: events.map((e) => ({ at: formatTime(e.at), actorName: userName(data, e.actor_id), kind: e.kind, stepName: process.steps[e.step] ? stepName(process.steps[e.step]!) : '', comment: e.comment, targetName: userName(data, e.target_id) })),
      myTaskId: mine?.id ?? null,
      reassignTaskId: reassignable?.id ?? null,
      canWithdraw: r.initiator_id === user.id && (r.status === 'running' || r.status === 'returned') && r.approved_since_submit === 0,
      canResubmit: r.initiator_id === user.id && r.status === 'returned',
    };
    return ok(detail);
  });

  // ---- the five boxes ---------------------------------------------------------------------------

  route(
    app,
    ops.list,
    async (request, reply) => {
      const { box, status } = request.body;
      await requireMenu(BOX_MENU[box])(request, reply);
      if (reply.sent) return reply;
      const user = userOf(request);
      const data = tenantData(request);
      return ok<RequestPage>(boxPage(data, box, user.id, status, request.body.limit, offsetOf(request.body)));
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
      counts[box] = boxCount(data, box, user.id);
    }
    return ok(counts);
  });
};

class Refused extends Error {}

export default plugin;
