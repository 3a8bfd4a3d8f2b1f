// The approval state machine: steps complete by any or all approvals, rejection ends or returns the
// request, transfer hands a task on, withdraw only before the first approval, and nothing is decided
// twice or by someone else.
import { describe, expect, it } from 'vitest';
import { start, transition, type MachineState, type MachineTask } from './machine.ts';

const INITIATOR = 1;
const steps = [{ mode: 'all' as const }, { mode: 'any' as const }];
const state = (tasks: MachineTask[], more: Partial<MachineState> = {}): MachineState => ({ status: 'running', step: 0, initiatorId: INITIATOR, tasks, approvedSinceSubmit: false, ...more });
const task = (id: number, assigneeId: number, step = 0, status: MachineTask['status'] = 'pending'): MachineTask => ({ id, step, assigneeId, status });

describe('approval machine', () => {
  it('starts at the first step', () => {
    expect(start()).toEqual({ ok: true, status: 'running', step: 0, effects: [{ kind: 'open', step: 0 }], approvedSinceSubmit: false });
  });

  it('an "all" step waits for every approver, then opens the next step', () => {
    const s = state([task(10, 2), task(11, 3)]);
    const first = transition(s, { type: 'approve', taskId: 10, by: 2 }, steps);
    expect(first).toMatchObject({ ok: true, status: 'running', step: 0, effects: [{ kind: 'decide', taskId: 10, status: 'approved' }] });
    const second = transition(state([task(10, 2, 0, 'approved'), task(11, 3)], { approvedSinceSubmit: true }), { type: 'approve', taskId: 11, by: 3 }, steps);
    expect(second).toMatchObject({ ok: true, status: 'running', step: 1, effects: [{ kind: 'decide', taskId: 11, status: 'approved' }, { kind: 'open', step: 1 }] });
  });

  it('an "any" step completes on one approval, cancelling the others; the last step approves the request', () => {
    const s = state([task(20, 4, 1), task(21, 5, 1)], { step: 1 });
    expect(transition(s, { type: 'approve', taskId: 21, by: 5 }, steps)).toEqual({
      ok: true,
      status: 'approved',
      step: 1,
      approvedSinceSubmit: true,
      effects: [
        { kind: 'decide', taskId: 21, status: 'approved' },
        { kind: 'decide', taskId: 20, status: 'cancelled' },
      ],
    });
  });

  it('a rejection ends the request or returns it to the initiator, who may resubmit', () => {
    const s = state([task(10, 2), task(11, 3)]);
    expect(transition(s, { type: 'reject', taskId: 10, by: 2, end: true }, steps)).toMatchObject({ ok: true, status: 'rejected' });
    const returned = transition(s, { type: 'reject', taskId: 10, by: 2, end: false }, steps);
    expect(returned).toMatchObject({ ok: true, status: 'returned', effects: [{ kind: 'decide', taskId: 10, status: 'rejected' }, { kind: 'decide', taskId: 11, status: 'cancelled' }] });
    const back = state([task(10, 2, 0, 'rejected'), task(11, 3, 0, 'cancelled')], { status: 'returned' });
    expect(transition(back, { type: 'resubmit', by: 2 }, steps)).toEqual({ ok: false, refusal: 'notInitiator' });
    expect(transition(back, { type: 'resubmit', by: INITIATOR }, steps)).toMatchObject({ ok: true, status: 'running', step: 0, effects: [{ kind: 'open', step: 0 }] });
  });

  it('transfer hands the task to another person, never to oneself', () => {
    const s = state([task(10, 2)]);
    expect(transition(s, { type: 'transfer', taskId: 10, by: 2, to: 2 }, steps)).toEqual({ ok: false, refusal: 'transferSelf' });
    expect(transition(s, { type: 'transfer', taskId: 10, by: 2, to: 7 }, steps)).toMatchObject({ ok: true, status: 'running', effects: [{ kind: 'decide', taskId: 10, status: 'transferred' }, { kind: 'assign', step: 0, assigneeId: 7 }] });
  });

  it('refuses what is not yours, what is decided, and acting on an ended request', () => {
    const s = state([task(10, 2), task(12, 3, 0, 'approved')]);
    expect(transition(s, { type: 'approve', taskId: 10, by: 3 }, steps)).toEqual({ ok: false, refusal: 'notYours' });
    expect(transition(s, { type: 'approve', taskId: 12, by: 3 }, steps)).toEqual({ ok: false, refusal: 'decided' });
    expect(transition(s, { type: 'approve', taskId: 99, by: 2 }, steps)).toEqual({ ok: false, refusal: 'notYours' });
    expect(transition({ ...s, status: 'withdrawn' }, { type: 'approve', taskId: 10, by: 2 }, steps)).toEqual({ ok: false, refusal: 'notRunning' });
  });

  it('withdraw: the initiator only, and only before the first approval', () => {
    const s = state([task(10, 2), task(11, 3)]);
    expect(transition(s, { type: 'withdraw', by: 2 }, steps)).toEqual({ ok: false, refusal: 'notInitiator' });
    expect(transition(s, { type: 'withdraw', by: INITIATOR }, steps)).toMatchObject({ ok: true, status: 'withdrawn', effects: [{ kind: 'decide', taskId: 10, status: 'cancelled' }, { kind: 'decide', taskId: 11, status: 'cancelled' }] });
    expect(transition({ ...s, approvedSinceSubmit: true }, { type: 'withdraw', by: INITIATOR }, steps)).toEqual({ ok: false, refusal: 'approvedAlready' });
    expect(transition({ ...s, status: 'approved' }, { type: 'withdraw', by: INITIATOR }, steps)).toEqual({ ok: false, refusal: 'notRunning' });
  });
});
