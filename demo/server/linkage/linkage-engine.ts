// The linkage rule engine (SPEC §1, §4): it consumes the event queue's point.changed topic and, on
// every change of a device's points, evaluates the enabled strategies reading that device — inside
// their active period, not on holidays when so set — counts consecutive holds, and fires once the hit count is reached (then not again until the source stops
// holding). A firing is recorded before its actions run, with the source values; each action attempt
// is recorded with its outcome. Common strategies try once; important ones retry the failed actions
// at their interval until they succeed (the retry queue lives in the database, so a restart resumes
// it and never fires again what already fired). A write that fires another strategy is one level
// deeper; a chain deeper than MAX_CHAIN_DEPTH stops and is recorded.
import { setTimeout as wait } from 'node:timers/promises';
import type { AlarmLevel } from '../../../shared/api/alarm-types.ts';
import { MAX_ATTEMPTS, MAX_CHAIN_DEPTH, type LinkAction, type LinkLevel } from '../../../shared/api/linkage-types.ts';
import { dayText, timeText } from '../../../shared/forms/date-text.ts';
import { compile, evaluate, type Node } from '../../../shared/validate/expression.ts';
import type { Db } from '../db.ts';
import { announceAlarm } from '../alarms/alarm-events.ts';
import { busOf } from '../bus.ts';
import { onPointChange, writePoint, type Both } from '../devices/point-write.ts';
import { startTask, TaskFailure, type Report } from '../operations/tasks.ts';
import { tenantDataOf, type TenantData } from '../tenant-data.ts';
import { isHoliday, sceneExists, sceneToRun } from './linkage-data.ts';
import {
  claimRetry,
  currentValues,
  deviceName,
  dueRetries,
  enabledStrategies,
  firingFailed,
  firingRetrying,
  firingSucceeded,
  insertAttempt,
  insertFiring,
  insertLinkAlarm,
  mostTries,
  pendingFiring,
  sceneName,
  setStrategyState,
  settleInterrupted,
  strategyState,
  userExists,
} from './engine-data.ts';

const RETRY_SCAN_MS = 500;

const TEXT = {
  chain: { zh: `联动链超过 ${MAX_CHAIN_DEPTH} 层，已停止`, en: `the firing chain went deeper than ${MAX_CHAIN_DEPTH} levels and was stopped` },
  interrupted: { zh: '服务重启时正在执行，未重复执行', en: 'was running when the platform restarted; not run again' },
  gaveUp: { zh: `已尝试 ${MAX_ATTEMPTS} 次，放弃`, en: `gave up after ${MAX_ATTEMPTS} attempts` },
  noDevice: { zh: '设备不存在', en: 'no such device' },
  noScene: { zh: '快捷场景不存在', en: 'no such quick scene' },
  noUser: { zh: '策略的创建人已不存在，不能运行场景', en: 'the strategy’s author no longer exists to run the scene' },
  sceneStarted: { zh: '场景已开始运行', en: 'scene started' },
  written: { zh: '已写入', en: 'written' },
  raised: { zh: '已产生告警', en: 'alarm raised' },
} as const satisfies Record<string, Both>;

interface Live {
  id: number;
  tenantId: number;
  deviceId: number;
  tree: Node | null;
  hits: number;
  level: LinkLevel;
  retryMs: number;
  start: string;
  end: string;
  skipHolidays: boolean;
  createdBy: number;
}

/** HH:mm in the platform's time zone. */
const clockOf = (at: number): string => timeText(at).slice(0, 5);

/** A short description of an action, for records (both languages). */
export function actionLabel(db: Db, tenantId: number, action: LinkAction): Both {
  const data = tenantDataOf(db, tenantId);
  const device = (id: number) => deviceName(data, id) ?? `#${id}`;
  switch (action.kind) {
    case 'write': {
      const name = device(action.deviceId);
      return { zh: `写入 ${name} ${action.code} = ${action.value}`, en: `write ${name} ${action.code} = ${action.value}` };
    }
    case 'alarm': {
      const name = device(action.deviceId);
      return { zh: `告警 ${name}（${action.level}）`, en: `alarm on ${name} (${action.level})` };
    }
    case 'scene': {
      const scene = sceneName(data, action.sceneId) ?? `#${action.sceneId}`;
      return { zh: `运行场景 ${scene}`, en: `run scene ${scene}` };
    }
  }
}

/** Raises an alarm on one of the tenant's devices (a linkage or scene action); answers its id or null. */
export function raiseLinkAlarm(db: Db, tenantId: number, deviceId: number, level: AlarmLevel, content: string, at: number): number | null {
  const raised = insertLinkAlarm(tenantDataOf(db, tenantId), deviceId, level, content, at);
  if (!raised) return null;
  const { alarmId } = raised;
  announceAlarm(db, { tenantId, alarmId, level, deviceName: raised.deviceName, content, at });
  return alarmId;
}

export type ActionOutcome = { ok: true; text: Both } | { ok: false; text: Both };

/** Runs one action for a tenant; `depth` is the firing chain's depth (writes fire one level deeper). */
export async function runAction(db: Db, tenantId: number, userId: number, action: LinkAction, depth: number): Promise<ActionOutcome> {
  switch (action.kind) {
    case 'write': {
      const outcome = await writePoint(db, tenantId, action.deviceId, action.code, action.value, depth);
      return outcome.ok ? { ok: true, text: TEXT.written } : { ok: false, text: outcome.text };
    }
    case 'alarm':
      return raiseLinkAlarm(db, tenantId, action.deviceId, action.level, action.content, Date.now()) === null ? { ok: false, text: TEXT.noDevice } : { ok: true, text: TEXT.raised };
    case 'scene': {
      const data = tenantDataOf(db, tenantId);
      if (!sceneExists(data, action.sceneId)) return { ok: false, text: TEXT.noScene };
      if (!userExists(data, userId)) return { ok: false, text: TEXT.noUser };
      startScene(db, tenantId, userId, action.sceneId, depth);
      return { ok: true, text: TEXT.sceneStarted };
    }
  }
}

/**
 * Runs one of the tenant's quick scenes as a background task of `userId`: one progress step per scene
 * step; cancelling stops the rest. `db` is the platform's (its task runner); the scene is read as the tenant's.
 */
export function startScene(db: Db, tenantId: number, userId: number, sceneId: number, depth = 0) {
  const row = sceneToRun(tenantDataOf(db, tenantId), sceneId);
  const steps = row.steps;
  const work = async (report: Report, signal: AbortSignal) => {
    report({ current: 0, total: steps.length, msg: { zh: '等待第 1 步', en: 'waiting for step 1' } });
    for (const [i, step] of steps.entries()) {
      await wait(step.delaySeconds * 1000, undefined, { signal }).catch(() => undefined);
      if (signal.aborted) return;
      const outcome = await runAction(db, tenantId, userId, step.action, depth);
      const label = actionLabel(db, tenantId, step.action);
      if (!outcome.ok) throw new TaskFailure({ zh: `第 ${i + 1} 步（${label.zh}）失败：${outcome.text.zh}`, en: `step ${i + 1} (${label.en}) failed: ${outcome.text.en}` });
      report({ current: i + 1, msg: { zh: `第 ${i + 1} 步完成：${label.zh}`, en: `step ${i + 1} done: ${label.en}` } });
    }
    return { zh: `${steps.length} 步全部完成`, en: `all ${steps.length} steps done` };
  };
  return startTask(db, tenantId, userId, row.name, work, { key: 'quickScene', total: steps.length });
}

export interface LinkEngine {
  /** Strategies changed: rebuild the index before the next evaluation. */
  invalidate(): void;
  /** Runs every retry that is due now (the timer does this twice a second). */
  retryDue(now?: number): Promise<void>;
  /** Resolves when the queued point changes are evaluated and every action run started so far has settled (tests). */
  idle(): Promise<void>;
  /** Called after each point change is decided, with the change's time (the benchmark's probe). */
  decided?: (at: number) => void;
  stop(): void;
}

const engines = new WeakMap<Db, LinkEngine>();
export const engineOf = (db: Db): LinkEngine | undefined => engines.get(db);

/**
 * The engine is platform-wide by nature (handed the platform's Db): it indexes every tenant's enabled
 * strategies, hears every tenant's point changes and keeps one retry queue. What it does for one
 * strategy or record — reading values, counting holds, recording a firing, running its actions — goes
 * through that tenant's data (tenantDataOf), so a firing cannot touch another tenant's rows.
 */
export function startLinkEngine(db: Db, retryScanMs = RETRY_SCAN_MS): LinkEngine {
  let index: Map<number, Live[]> | null = null;
  const running = new Set<Promise<void>>();
  const build = () => {
    const rows = enabledStrategies(db);
    const next = new Map<number, Live[]>();
    for (const r of rows) {
      const c = compile(r.expression);
      const live: Live = {
        id: r.id,
        tenantId: r.tenant_id,
        deviceId: r.device_id,
        tree: c.ok ? c.tree : null,
        hits: r.hits,
        level: r.level,
        retryMs: r.retry_seconds * 1000,
        start: r.period_start,
        end: r.period_end,
        skipHolidays: r.skip_holidays === 1,
        createdBy: r.created_by,
      };
      next.set(r.device_id, [...(next.get(r.device_id) ?? []), live]);
    }
    return next;
  };

  const track = (work: Promise<void>) => {
    // A failure here is the database closing under a running attempt: the restart settles the record.
    const settled = work.catch(() => undefined);
    running.add(settled);
    void settled.finally(() => running.delete(settled));
    return settled;
  };

  /** Runs the record's pending actions once; settles it (success, failed) or queues its retry. */
  const attempt = async (recordId: number) => {
    // The retry queue is the platform's: which tenant a record is of is read first, then everything is that tenant's.
    const rec = pendingFiring(db, recordId);
    const data = tenantDataOf(db, rec.tenant_id);
    const actions = JSON.parse(rec.actions) as LinkAction[];
    const pending = JSON.parse(rec.pending) as number[];
    const failed: number[] = [];
    for (const i of pending) {
      const action = actions[i]!;
      const outcome = await runAction(db, rec.tenant_id, rec.user_id, action, rec.depth);
      const label = actionLabel(db, rec.tenant_id, action);
      insertAttempt(data, recordId, i, label, Date.now(), outcome.ok, outcome.text);
      if (!outcome.ok) failed.push(i);
    }
    const tries = mostTries(data, recordId);
    if (failed.length === 0) firingSucceeded(data, recordId);
    else if (rec.level === 'important' && tries < MAX_ATTEMPTS) firingRetrying(data, recordId, failed, Date.now() + rec.retry_ms);
    else firingFailed(data, recordId, failed, rec.level === 'important' ? TEXT.gaveUp : { zh: '', en: '' });
  };

  /** Records a firing; answers its id when its actions are to run (not when the chain is too deep). */
  const fire = (data: TenantData, s: Live, current: Record<string, number>, at: number, depth: number): number | null => {
    const stopped = depth > MAX_CHAIN_DEPTH;
    const id = insertFiring(data, { strategyId: s.id, deviceId: s.deviceId, at, values: current, stopped: stopped ? TEXT.chain : null, level: s.level, retryMs: s.retryMs, depth, userId: s.createdBy });
    return stopped ? null : id;
  };

  const inPeriod = (s: Live, at: number) => {
    if (!s.start || !s.end) return true;
    const now = clockOf(at);
    return now >= s.start && now < s.end;
  };

  const evaluateDevice = (tenantId: number, deviceId: number, at: number, depth: number) => {
    index ??= build();
    const list = index.get(deviceId)?.filter((s) => s.tenantId === tenantId);
    if (!list?.length) return;
    const data = tenantDataOf(db, tenantId);
    const current = currentValues(data, deviceId);
    for (const s of list) {
      if (!inPeriod(s, at)) continue;
      if (s.skipHolidays && isHoliday(data, dayText(at))) continue;
      let holds = false;
      try {
        holds = s.tree !== null && evaluate(s.tree, current) !== 0;
      } catch {
        // A point the device has not reported yet: the source does not hold.
      }
      const state = strategyState(data, s.id);
      if (!state) continue;
      if (!holds) {
        if (state.held !== 0 || state.armed !== 1) setStrategyState(data, s.id, 0, 1);
        continue;
      }
      const held = Math.min(s.hits, state.held + 1);
      if (held >= s.hits && state.armed === 1) {
        const id = data.tx(() => {
          setStrategyState(data, s.id, held, 0);
          return fire(data, s, current, at, depth);
        });
        if (id !== null) void track(attempt(id));
      } else if (held !== state.held) setStrategyState(data, s.id, held, state.armed);
    }
  };

  const unsubscribe = onPointChange(db, 'linkage', ({ tenantId, deviceIds, at, depth }) => {
    for (const deviceId of deviceIds) evaluateDevice(tenantId, deviceId, at, depth);
    engine.decided?.(at);
  });

  // Firings that were running when the platform went down: important ones resume their retries,
  // common ones are recorded as interrupted (their actions may have run; they are not run twice).
  settleInterrupted(db, Date.now(), TEXT.interrupted);

  let scanning = false;
  const retryDue = async (now = Date.now()) => {
    if (scanning) return;
    scanning = true;
    try {
      for (const id of dueRetries(db, now)) {
        // Claimed first, so a second scan does not run it too.
        if (!claimRetry(db, id)) continue;
        await track(attempt(id));
      }
    } finally {
      scanning = false;
    }
  };
  const timer = retryScanMs > 0 ? setInterval(() => void retryDue().catch(() => undefined), retryScanMs) : null;
  timer?.unref?.();

  const engine: LinkEngine = {
    invalidate: () => {
      index = null;
    },
    retryDue,
    idle: async () => {
      // Actions write points, whose changes queue up again: until neither has anything left.
      const bus = busOf(db);
      for (let round = 0; round < 50; round++) {
        await bus.idle();
        if (running.size === 0) break;
        while (running.size > 0) await Promise.allSettled([...running]);
      }
      await bus.idle();
    },
    stop: () => {
      if (timer) clearInterval(timer);
      unsubscribe();
      engines.delete(db);
    },
  };
  engines.set(db, engine);
  return engine;
}
