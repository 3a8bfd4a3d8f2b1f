// Approval workflows (activitiManager): forms designed field by field, each with its process — an
// ordered chain of approval steps and CC recipients — and the requests started from them. The shapes
// are declared once in shared/contract/workflow.ts; the value lists stay here (the console uses them).
import type { Static } from 'typebox';
import type * as C from '../contract/workflow.ts';

export const FIELD_TYPES = ['text', 'number', 'date', 'select', 'user', 'department', 'attachment'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const STEP_MODES = ['any', 'all'] as const;
export const REQUEST_STATUSES = ['running', 'returned', 'approved', 'rejected', 'withdrawn'] as const;
export const TASK_STATUSES = ['pending', 'approved', 'rejected', 'transferred', 'cancelled'] as const;
export const TIMELINE_KINDS = ['started', 'approved', 'rejected', 'returned', 'transferred', 'withdrawn', 'resubmitted', 'stepOpened', 'finished'] as const;
export const BOXES = ['my', 'initiated', 'approved', 'cc', 'all'] as const;

export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];
export type Box = (typeof BOXES)[number];

export type FormField = Static<typeof C.FormField>;
export type Approvers = Static<typeof C.Approvers>;
export type ProcessStep = Static<typeof C.ProcessStep>;
export type ProcessDef = Static<typeof C.ProcessDef>;
export type WorkflowForm = Static<typeof C.WorkflowForm>;
export type WorkflowFormSave = Static<typeof C.WorkflowFormSave>;
export type FormPage = Static<typeof C.FormPage>;

/** A value as sent: text for text, number, date and select; an id for user, department and attachment. */
export type FieldValue = Static<typeof C.FieldValue>;
export type FieldValues = Record<string, FieldValue>;

export type RequestRow = Static<typeof C.RequestRow>;
export type RequestPage = Static<typeof C.RequestPage>;
export type TimelineEntry = Static<typeof C.TimelineEntry>;
export type RequestDetail = Static<typeof C.RequestDetail>;
export type Directory = Static<typeof C.Directory>;
export type BoxCounts = Static<typeof C.BoxCounts>;
export type BoxQuery = Static<typeof C.BoxQuery>;
