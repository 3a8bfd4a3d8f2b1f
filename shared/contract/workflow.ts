// Approval workflows (SPEC §2 activitiManager: activiti/menu form management; my_task, his_task,
// approve_task, copy_task, all_task). A form is its fields plus its process (ordered approval steps and
// CC recipients); a request keeps the form version it started with. The schema types and bounds every
// part; the designer's own rules (shared/workflow/validate.ts checkForm/checkValues: trimmed lengths,
// field-name pattern, repeats, options, steps) stay in the handler so a refusal keeps the designer's
// sentence and names the place (fields.1.name, process.steps.0.approvers, values.days).
import Type from 'typebox';
import { BOXES, FIELD_TYPES, REQUEST_STATUSES, STEP_MODES, TASK_STATUSES, TIMELINE_KINDS } from '../api/workflow-types.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, Strict, Text, Time, PageOf, PageQueryOf } from './fields.ts';

const TAG = 'Workflow';
/** The boxes' rights (SPEC §2): my tasks, my requests, approved by me, CC to me, all tasks. */
const ANY_BOX = ['myTask', 'hisTask', 'approveTask', 'copyTask', 'allTask'] as const;

export const FormField = Strict({
  name: Text(0, 64, { description: 'The value key: a letter, then letters, digits or _ (at most 32), unique in the form (checked by the designer rule)' }),
  label: Text(0, 64, { description: '1–20 characters after trimming' }),
  type: Type.Enum([...FIELD_TYPES]),
  required: Type.Boolean(),
  options: Type.Optional(Type.Array(Text(0, 64), { maxItems: 100, description: 'A select field: 1–50 distinct choices of 1–40 characters' })),
});

export const Approvers = Type.Union([
  Strict({ kind: Type.Literal('user'), userIds: Type.Array(Id(), { maxItems: 50, description: "1–50 of the tenant's users who hold the my-tasks right" }) }),
  Strict({ kind: Type.Literal('role'), roleId: Id({ description: "A role of the tenant whose holders may act" }) }),
  Strict({ kind: Type.Literal('deptHead') }),
]);

export const ProcessStep = Strict({
  name: Text(0, 64, { description: '1–20 characters after trimming' }),
  approvers: Approvers,
  mode: Type.Enum([...STEP_MODES], { description: "With several approvers: 'all' must approve, or 'any' one approval is enough" }),
});

export const ProcessDef = Strict({
  steps: Type.Array(ProcessStep, { maxItems: 20, description: '1–10 approval steps' }),
  cc: Type.Array(Id(), { maxItems: 100, description: 'Users who see the request in their CC box (at most 50)' }),
});

export const WorkflowForm = Strict({
  id: Id(),
  name: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean(),
  version: Type.Integer({ minimum: 1, description: 'The current version; a running request keeps the one it started with' }),
  fields: Type.Array(FormField),
  process: ProcessDef,
  requests: Type.Integer({ minimum: 0, description: 'Requests started from the form (a form with requests cannot be deleted)' }),
  updatedAt: Time(),
});

export const WorkflowFormSave = Strict({
  name: Text(0, 64, { description: '1–20 characters after trimming, unique within the tenant' }),
  description: Text(0, 255, { multiline: true }),
  enabled: Type.Boolean(),
  fields: Type.Array(FormField, { maxItems: 60, description: '1–30 fields' }),
  process: ProcessDef,
});

export const FormPage = PageOf(WorkflowForm);

/** A value as sent: text for text, number, date and select; an id for user, department and attachment. */
export const FieldValue = Type.Union([Text(0, 255, { multiline: true }), Type.Number(), Type.Null()]);
export const FieldValues = Type.Record(Type.String({ maxLength: 64 }), FieldValue, { maxProperties: 30, description: "The form's field names and their values (checked against the form's fields)" });

export const RequestRow = Strict({
  id: Id(),
  taskId: Type.Union([Id(), Type.Null()], { description: 'The task of mine a row of the "my tasks" box stands for' }),
  formName: Type.String(),
  initiatorName: Type.String(),
  status: Type.Enum([...REQUEST_STATUSES]),
  stepName: Type.String(),
  createdAt: Time(),
  updatedAt: Time(),
});

export const RequestPage = PageOf(RequestRow);

export const TimelineEntry = Strict({
  at: Time(),
  actorName: Type.String(),
  kind: Type.Enum([...TIMELINE_KINDS]),
  stepName: Type.String(),
  comment: Type.String(),
  targetName: Type.String({ description: 'For a transfer: to whom' }),
});

export const RequestDetail = Strict({
  id: Id(),
  formName: Type.String(),
  formVersion: Type.Integer({ minimum: 1 }),
  fields: Type.Array(FormField),
  values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Null()])),
  labels: Type.Record(Type.String(), Type.String(), { description: 'Display texts of user/department/attachment values' }),
  initiatorName: Type.String(),
  status: Type.Enum([...REQUEST_STATUSES]),
  step: Type.Integer({ minimum: 0 }),
  steps: Type.Array(
    Strict({
      name: Type.String(),
      mode: Type.Enum([...STEP_MODES]),
      tasks: Type.Array(Strict({ assigneeName: Type.String(), status: Type.Enum([...TASK_STATUSES]), comment: Type.String(), decidedAt: Time() })),
    }),
  ),
  ccNames: Type.Array(Type.String()),
  timeline: Type.Array(TimelineEntry),
  myTaskId: Type.Union([Id(), Type.Null()], { description: 'My pending task on it, if any' }),
  reassignTaskId: Type.Union([Id(), Type.Null()], { description: 'For a holder of "all tasks" with no task of their own on it: a pending task they may reassign' }),
  canWithdraw: Type.Boolean(),
  canResubmit: Type.Boolean(),
});

export const Directory = Strict({
  users: Type.Array(Strict({ id: Id(), name: Type.String(), username: Type.String(), departmentId: Type.Union([Id(), Type.Null()]), canAct: Type.Boolean({ description: 'Holds the "my tasks" right, so a task given to them can be decided' }) })),
  departments: Type.Array(Strict({ id: Id(), name: Type.String() })),
  roles: Type.Array(Strict({ id: Id(), name: Type.String(), canAct: Type.Boolean() })),
  documents: Type.Array(Strict({ id: Id(), number: Type.String(), name: Type.String() })),
});

export const BoxCounts = Strict(Object.fromEntries(BOXES.map((b) => [b, Type.Integer({ minimum: 0 })])) as Record<(typeof BOXES)[number], ReturnType<typeof Type.Integer>>);

export const BoxQuery = PageQueryOf({
  box: Type.Enum([...BOXES], { description: 'my, initiated, approved, cc or all; each needs its own menu right' }),
  status: Type.Optional(Type.Enum([...REQUEST_STATUSES])),
});

const Decided = Strict({ id: Id({ description: 'The request' }), status: Type.Enum([...REQUEST_STATUSES], { description: 'The request after the decision' }) });
const Comment = Text(0, 255, { multiline: true });

const sampleFields = [
  { name: 'days', label: 'Days', type: 'number', required: true },
  { name: 'kind', label: 'Kind', type: 'select', required: true, options: ['annual', 'sick'] },
];
const sampleProcess = { steps: [{ name: 'Lead', mode: 'any', approvers: { kind: 'user', userIds: [2] } }], cc: [] };
const sampleSave = { name: 'Leave', description: 'Days off', enabled: true, fields: sampleFields, process: sampleProcess };
const sampleForm = { id: 1, ...sampleSave, version: 1, requests: 0, updatedAt: '2026-05-01 08:00:00' };
const sampleRow = { id: 5, taskId: 9, formName: 'Leave', initiatorName: 'Ann', status: 'running', stepName: 'Lead', createdAt: '2026-05-01 08:00:00', updatedAt: '2026-05-01 08:00:00' };
const sampleValues = { days: 2, kind: 'annual' };

export const ops = {
  directory: operation({
    method: 'GET', path: '/api/workflow/directory', rights: { anyMenu: ['activitiForm', ...ANY_BOX] }, tag: TAG,
    summary: "The tenant's users, departments, roles and documents for the designer's and the request form's pickers",
    description: 'Active users and non-super roles, each with whether they can act on a task (hold the my-tasks right); documents for attachment fields (at most 1000).',
    data: Directory,
    examples: { data: { users: [{ id: 2, name: 'Bob', username: 'bob', departmentId: null, canAct: true }], departments: [], roles: [], documents: [] } },
  }),
  formPage: operation({
    method: 'POST', path: '/api/workflow/form/page', rights: { menu: 'activitiForm' }, tag: TAG,
    summary: "The tenant's workflow forms by name, paged",
    description: 'Each form at its current version, with its fields, its process and how many requests it has.',
    body: PageQueryOf({ keyword: Type.Optional(Text(0, 64, { description: 'Text in the name' })) }),
    data: FormPage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [sampleForm], total: 1 } },
  }),
  startable: operation({
    method: 'GET', path: '/api/workflow/form/startable', rights: { menu: 'hisTask' }, tag: TAG,
    summary: 'The enabled forms a request can be started from',
    description: 'Ordered by name, each at its current version.',
    data: Type.Array(WorkflowForm),
    examples: { data: [sampleForm] },
  }),
  createForm: operation({
    method: 'POST', path: '/api/workflow/form', rights: { menu: 'activitiForm' }, tag: TAG,
    summary: 'Adds a workflow form (its fields and its approval process)',
    description:
      "Refused, naming the place, for a name in use, a field name that is not a letter then letters/digits/_ or repeats, a select without options, a process without steps, or an approver who is not the tenant's or cannot act on a task (lacks the my-tasks right).",
    body: WorkflowFormSave,
    data: WorkflowForm,
    examples: { body: sampleSave, data: sampleForm },
  }),
  updateForm: operation({
    method: 'PUT', path: '/api/workflow/form/:id', rights: { menu: 'activitiForm' }, tag: TAG,
    summary: 'Changes a workflow form; a changed definition becomes a new version',
    description: "The same checks as adding; running requests keep the version they started with. Refused when the form is not the tenant's.",
    params: IdParams,
    body: WorkflowFormSave,
    data: WorkflowForm,
    examples: { params: { id: 1 }, body: sampleSave, data: sampleForm },
  }),
  deleteForms: operation({
    method: 'POST', path: '/api/workflow/form/delete', rights: { menu: 'activitiForm' }, tag: TAG,
    summary: 'Deletes workflow forms that have no requests',
    description: "All or none: an id that is not the tenant's, or a form with requests (disable it instead), refuses the request and nothing is deleted.",
    body: Strict({ ids: Ids() }),
    data: Strict({ deleted: Type.Integer({ minimum: 0 }) }),
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  start: operation({
    method: 'POST', path: '/api/workflow/request', rights: { menu: 'hisTask' }, tag: TAG,
    summary: 'Starts a request from an enabled form',
    description: "The values are checked against the form's fields (required, number, date, option, the tenant's users/departments/documents), naming values.<field>. Refused when the form is disabled or a step has nobody who can approve it.",
    body: Strict({ formId: Id(), values: FieldValues }),
    data: Strict({ id: Id({ description: 'The new request' }) }),
    examples: { body: { formId: 1, values: sampleValues }, data: { id: 5 } },
  }),
  approve: operation({
    method: 'POST', path: '/api/workflow/task/:id/approve', rights: { menu: 'myTask' }, tag: TAG,
    summary: 'Approves one of my pending tasks',
    description: "Refused when the task is not the tenant's, not mine, or already decided. The next step opens when the step's mode is satisfied.",
    params: IdParams,
    body: Strict({ comment: Type.Optional(Comment) }),
    data: Decided,
    examples: { params: { id: 9 }, body: { comment: 'OK' }, data: { id: 5, status: 'approved' } },
  }),
  reject: operation({
    method: 'POST', path: '/api/workflow/task/:id/reject', rights: { menu: 'myTask' }, tag: TAG,
    summary: 'Rejects one of my pending tasks: ends the request, or returns it to the initiator',
    description: 'A reason is required (comment, refused when blank). end true rejects the request; false returns it to its initiator for a resubmission.',
    params: IdParams,
    body: Strict({ comment: Type.Optional(Comment), end: Type.Boolean({ description: 'true: reject the request; false: return it to the initiator' }) }),
    data: Decided,
    examples: { params: { id: 9 }, body: { comment: 'Too long', end: false }, data: { id: 5, status: 'returned' } },
  }),
  transfer: operation({
    method: 'POST', path: '/api/workflow/task/:id/transfer', rights: { anyMenu: ['myTask', 'allTask'] }, tag: TAG,
    summary: 'Hands a pending task to another user (an all-tasks holder may reassign anyone’s)',
    description: "Refused (field userId) when the user is not an active user of the tenant or cannot act on tasks; refused when transferring to oneself or when the task is not pending.",
    params: IdParams,
    body: Strict({ userId: Id(), comment: Type.Optional(Comment) }),
    data: Decided,
    examples: { params: { id: 9 }, body: { userId: 3, comment: '' }, data: { id: 5, status: 'running' } },
  }),
  withdraw: operation({
    method: 'POST', path: '/api/workflow/request/:id/withdraw', rights: { menu: 'hisTask' }, tag: TAG,
    summary: 'Withdraws my request before anyone approved it',
    description: 'Takes no body. Only the initiator, only while running or returned and before an approval since the last submission.',
    params: IdParams,
    data: Decided,
    examples: { params: { id: 5 }, data: { id: 5, status: 'withdrawn' } },
  }),
  resubmit: operation({
    method: 'POST', path: '/api/workflow/request/:id/resubmit', rights: { menu: 'hisTask' }, tag: TAG,
    summary: 'Resubmits my returned request with corrected values',
    description: 'The values are checked against the fields of the version the request started with; only the initiator of a returned request.',
    params: IdParams,
    body: Strict({ values: FieldValues }),
    data: Decided,
    examples: { params: { id: 5 }, body: { values: sampleValues }, data: { id: 5, status: 'running' } },
  }),
  detail: operation({
    method: 'GET', path: '/api/workflow/request/:id', rights: { anyMenu: ANY_BOX }, tag: TAG,
    summary: 'One request: its values, steps, tasks, CC and timeline',
    description: "Only for its initiator, an assignee, a CC recipient or an all-tasks holder; otherwise answered as no such request. Says which task of mine is pending and what I may do.",
    params: IdParams,
    data: RequestDetail,
    examples: {
      params: { id: 5 },
      data: {
        id: 5, formName: 'Leave', formVersion: 1, fields: sampleFields, values: sampleValues, labels: {}, initiatorName: 'Ann', status: 'running', step: 0,
        steps: [{ name: 'Lead', mode: 'any', tasks: [{ assigneeName: 'Bob', status: 'pending', comment: '', decidedAt: '' }] }],
        ccNames: [], timeline: [{ at: '2026-05-01 08:00:00', actorName: 'Ann', kind: 'started', stepName: 'Lead', comment: '', targetName: '' }],
        myTaskId: null, reassignTaskId: null, canWithdraw: true, canResubmit: false,
      },
    },
  }),
  list: operation({
    method: 'POST', path: '/api/workflow/list', rights: { anyMenu: ANY_BOX }, tag: TAG,
    summary: 'One of the five boxes (my tasks, my requests, approved by me, CC to me, all), newest first, paged',
    description: "Each box needs its own menu right (40301 otherwise); status narrows the box.",
    body: BoxQuery,
    data: RequestPage,
    examples: { body: { box: 'my', page: 1, limit: 20 }, data: { rows: [sampleRow], total: 1 } },
  }),
  counts: operation({
    method: 'GET', path: '/api/workflow/counts', rights: { anyMenu: ANY_BOX }, tag: TAG,
    summary: 'How many requests each box holds for me',
    description: '0 for a box whose right I do not hold.',
    data: BoxCounts,
    examples: { data: { my: 1, initiated: 0, approved: 0, cc: 0, all: 3 } },
  }),
};



