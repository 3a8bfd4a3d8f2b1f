// The approval process as a state machine: a request is running at one step, returned to its
// initiator, or ended (approved, rejected, withdrawn). `transition` takes the request's state and one
// event and answers either the refusal or the effects to persist — task decisions, the next step to
// open, the request's new status — so the platform stores every transition in one transaction and a
// restart resumes from the database. Pure: no clock, no storage, no i/o.
import type { RequestStatus, TaskStatus } from '../api/workflow-types.ts';

export interface MachineTask {
  id: number;
  step: number;
  assigneeId: number;
  status: TaskStatus;
}

export interface MachineState {
  status: RequestStatus;
  step: number;
  initiatorId: number;
  /** Every task of the request, all steps and rounds. */
  tasks: readonly MachineTask[];
  /** Since the last (re)submission: has any task been approved? Withdrawing is allowed until then. */
  approvedSinceSubmit: boolean;
}

export type MachineEvent =
  | { type: 'approve'; taskId: number; by: number }
  | { type: 'reject'; taskId: number; by: number; end: boolean }
  | { type: 'transfer'; taskId: number; by: number; to: number }
  | { type: 'withdraw'; by: number }
  | { type: 'resubmit'; by: number };

export type Effect =
  | { kind: 'decide'; taskId: number; status: Exclude<TaskStatus, 'pending'> }
  /** Create the step's tasks (the platform resolves who approves). */
  | { kind: 'open'; step: number }
  /** A transferred task's replacement. */
  | { kind: 'assign'; step: number; assigneeId: number };

export type Refusal = 'notRunning' | 'notYours' | 'decided' | 'notInitiator' | 'approvedAlready' | 'notReturned' | 'transferSelf';

export type Outcome = { ok: true; status: RequestStatus; step: number; effects: Effect[]; approvedSinceSubmit: boolean } | { ok: false; refusal: Refusal };

export interface StepShape {
  mode: 'any' | 'all';
}

/** The first transition: a new request opens its first step. */
export function start(): Outcome {
  return { ok: true, status: 'running', step: 0, effects: [{ kind: 'open', step: 0 }], approvedSinceSubmit: false };
}

export function transition(state: MachineState, event: MachineEvent, steps: readonly StepShape[]): Outcome {
  const refuse = (refusal: Refusal): Outcome => ({ ok: false, refusal });
  const keep = { status: state.status, step: state.step, approvedSinceSubmit: state.approvedSinceSubmit };

  if (event.type === 'withdraw') {
    if (event.by !== state.initiatorId) return refuse('notInitiator');
    if (state.status !== 'running' && state.status !== 'returned') return refuse('notRunning');
    if (state.approvedSinceSubmit) return refuse('approvedAlready');
    const cancel = pendingOf(state, state.step).map((t): Effect => ({ kind: 'decide', taskId: t.id, status: 'cancelled' }));
    return { ok: true, ...keep, status: 'withdrawn', effects: cancel };
  }
  if (event.type === 'resubmit') {
    if (event.by !== state.initiatorId) return refuse('notInitiator');
    if (state.status !== 'returned') return refuse('notReturned');
    return { ok: true, status: 'running', step: 0, effects: [{ kind: 'open', step: 0 }], approvedSinceSubmit: false };
  }

  const task = state.tasks.find((t) => t.id === event.taskId);
  if (!task || task.assigneeId !== event.by) return refuse('notYours');
  if (task.status !== 'pending') return refuse('decided');
  if (state.status !== 'running' || task.step !== state.step) return refuse('notRunning');
  const others = pendingOf(state, state.step).filter((t) => t.id !== task.id);

  if (event.type === 'transfer') {
    if (event.to === event.by) return refuse('transferSelf');
    return { ok: true, ...keep, effects: [{ kind: 'decide', taskId: task.id, status: 'transferred' }, { kind: 'assign', step: state.step, assigneeId: event.to }] };
  }
  if (event.type === 'reject') {
    const effects: Effect[] = [{ kind: 'decide', taskId: task.id, status: 'rejected' }, ...others.map((t): Effect => ({ kind: 'decide', taskId: t.id, status: 'cancelled' }))];
    return { ok: true, ...keep, status: event.end ? 'rejected' : 'returned', effects };
  }
  // approve
  const effects: Effect[] = [{ kind: 'decide', taskId: task.id, status: 'approved' }];
  const mode = steps[state.step]?.mode ?? 'any';
  const stepDone = mode === 'any' || others.length === 0;
  if (!stepDone) return { ok: true, ...keep, approvedSinceSubmit: true, effects };
  effects.push(...others.map((t): Effect => ({ kind: 'decide', taskId: t.id, status: 'cancelled' })));
  const next = state.step + 1;
  if (next >= steps.length) return { ok: true, status: 'approved', step: state.step, approvedSinceSubmit: true, effects };
  effects.push({ kind: 'open', step: next });
  return { ok: true, status: 'running', step: next, approvedSinceSubmit: true, effects };
}

const pendingOf = (state: MachineState, step: number): MachineTask[] => state.tasks.filter((t) => t.step === step && t.status === 'pending');
