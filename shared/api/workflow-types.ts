// Approval workflows (activitiManager): forms designed field by field, each with its process — an
// ordered chain of approval steps and CC recipients — and the requests started from them.

export const FIELD_TYPES = ['text', 'number', 'date', 'select', 'user', 'department', 'attachment'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
  /** The value's key: a letter, then letters, digits or _ (unique in the form). */
  name: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** The choices of a select field. */
  options?: string[];
}

export type Approvers = { kind: 'user'; userIds: number[] } | { kind: 'role'; roleId: number } | { kind: 'deptHead' };

export interface ProcessStep {
  name: string;
  approvers: Approvers;
  /** With several approvers: 'all' must approve, or 'any' one approval is enough. */
  mode: 'any' | 'all';
}

export interface ProcessDef {
  steps: ProcessStep[];
  /** Users who see the request in their CC list. */
  cc: number[];
}

export interface WorkflowForm {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  /** The current version; a running request keeps the one it started with. */
  version: number;
  fields: FormField[];
  process: ProcessDef;
  requests: number;
  updatedAt: string;
}

export interface WorkflowFormSave {
  name: string;
  description: string;
  enabled: boolean;
  fields: FormField[];
  process: ProcessDef;
}

export type RequestStatus = 'running' | 'returned' | 'approved' | 'rejected' | 'withdrawn';
export type TaskStatus = 'pending' | 'approved' | 'rejected' | 'transferred' | 'cancelled';
export const BOXES = ['my', 'initiated', 'approved', 'cc', 'all'] as const;
export type Box = (typeof BOXES)[number];

/** A value as sent: text for text, number, date and select; an id for user, department and attachment. */
export type FieldValue = string | number | null;
export type FieldValues = Record<string, FieldValue>;

export interface RequestRow {
  id: number;
  /** The task of mine a row of the "my tasks" box stands for. */
  taskId: number | null;
  formName: string;
  initiatorName: string;
  status: RequestStatus;
  stepName: string;
  createdAt: string;
  updatedAt: string;
}

export interface RequestPage {
  rows: RequestRow[];
  total: number;
}

export interface TimelineEntry {
  at: string;
  actorName: string;
  kind: 'started' | 'approved' | 'rejected' | 'returned' | 'transferred' | 'withdrawn' | 'resubmitted' | 'stepOpened' | 'finished';
  stepName: string;
  comment: string;
  /** For a transfer: to whom. */
  targetName: string;
}

export interface RequestDetail {
  id: number;
  formName: string;
  formVersion: number;
  fields: FormField[];
  values: FieldValues;
  /** Display texts of user/department/attachment values. */
  labels: Record<string, string>;
  initiatorName: string;
  status: RequestStatus;
  step: number;
  steps: Array<{ name: string; mode: 'any' | 'all'; tasks: Array<{ assigneeName: string; status: TaskStatus; comment: string; decidedAt: string }> }>;
  ccNames: string[];
  timeline: TimelineEntry[];
  /** My pending task on it, if any. */
  myTaskId: number | null;
  /** For a holder of "all tasks" with no task of their own on it: a pending task they may reassign (so none is stranded). */
  reassignTaskId: number | null;
  canWithdraw: boolean;
  canResubmit: boolean;
}

export interface Directory {
  /** canAct: holds the "my tasks" right, so a task given to them can be decided (the designer offers only these as approvers). */
  users: Array<{ id: number; name: string; username: string; departmentId: number | null; canAct: boolean }>;
  departments: Array<{ id: number; name: string }>;
  roles: Array<{ id: number; name: string; canAct: boolean }>;
  documents: Array<{ id: number; number: string; name: string }>;
}

export type BoxCounts = Record<Box, number>;
