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
import { MAX_ATTEMPTS, MAX_CHAIN_DEPTH, type LinkAction, type LinkLevel, type SceneStep } from '../../../shared/api/linkage-types.ts';
import { dayText, timeText } from '../../../shared/forms/date-text.ts';
import { compile, evaluate, type Node } from '../../../shared/validate/expression.ts';
import type { Db } from '../db.ts';
import { announceAlarm } from '../alarms/alarm-events.ts';
import { busOf } from '../bus.ts';
import { onPointChange, writePoint, type Both } from '../devices/point-write.ts';
import { startTask, TaskFailure, type Report } from '../operations/tasks.ts';
import { tenantDataOf, type TenantData } from '../tenant-data.ts';

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
  const device = (id: number) => data.get<{ name: string }>('SELECT name FROM device WHERE id = ? AND tenant_id = $tenant', id)?.name ?? `#${id}`;
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
      const scene = data.get<{ name: string }>('SELECT name FROM quick_scene WHERE id = ? AND tenant_id = $tenant', action.sceneId)?.name ?? `#${action.sceneId}`;
      return { zh: `运行场景 ${scene}`, en: `run scene ${scene}` };
    }
  }
}

/** Raises an alarm on one of the tenant's devices (a linkage or scene action); answers its id or null. */
export function raiseLinkAlarm(db: Db, tenantId: number, deviceId: number, level: AlarmLevel, content: string, at: number): number | null {
  const data = tenantDataOf(db, tenantId);
  const device = data.get<{ code: string; name: string; model_id: number | null }>('SELECT code, name, model_id FROM device WHERE id = ? AND tenant_id = $tenant', deviceId);
  if (!device) return null;
  const alarmId = Number(
    data.run(
      `INSERT INTO alarm (tenant_id, device_code, device_name, model_id, level, status, handle_status, content_zh, content_en, occurred_at)
       VALUES ($tenant, ?, ?, ?, ?, 'toBeConfirmed', 'unhandled', ?, ?, ?)`,
      device.code,
      device.name,
      device.model_id,
      level,
      content,
      content,
      at,
    ).lastInsertRowid,
  );
  announceAlarm(db, { tenantId, alarmId, level, deviceName: device.name, content, at });
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
      const scene = data.get('SELECT id FROM quick_scene WHERE id = ? AND tenant_id = $tenant', action.sceneId);
      if (!scene) return { ok: false, text: TEXT.noScene };
      if (!data.get('SELECT 1 FROM user WHERE id = ? AND tenant_id = $tenant', userId)) return { ok: false, text: TEXT.noUser };
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
  const row = tenantDataOf(db, tenantId).get<{ name: string; steps: string }>('SELECT name, steps FROM quick_scene WHERE id = ? AND tenant_id = $tenant', sceneId)!;
  const steps = JSON.parse(row.steps) as SceneStep[];
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
    const rows = db
      .prepare('SELECT id, tenant_id, device_id, expression, hits, level, retry_seconds, period_start, period_end, skip_holidays, created_by FROM link_strategy WHERE enabled = 1')
      .all<{ id: number; tenant_id: number; device_id: number; expression: string; hits: number; level: LinkLevel; retry_seconds: number; period_start: string; period_end: string; skip_holidays: number; created_by: number; }>();
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

  const setState = (data: TenantData, id: number, held: number, armed: number) => data.run('UPDATE link_strategy SET held = ?, armed = ? WHERE id = ? AND tenant_id = $tenant', held, armed, id);

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
    const rec = db.prepare('SELECT tenant_id, actions, pending, level, retry_ms, depth, user_id FROM link_record WHERE id = ?').get<{ tenant_id: number; actions: string; pending: string; level: LinkLevel; retry_ms: number; depth: number; user_id: number; }>(recordId)!;
    const data = tenantDataOf(db, rec.tenant_id);
    const actions = JSON.parse(rec.actions) as LinkAction[];
    const pending = JSON.parse(rec.pending) as number[];
    const failed: number[] = [];
    for (const i of pending) {
      const action = actions[i]!;
      const outcome = await runAction(db, rec.tenant_id, rec.user_id, action, rec.depth);
      const label = actionLabel(db, rec.tenant_id, action);
      const n = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM link_attempt WHERE record_id = ? AND action = ?', recordId, i)!.n + 1;
      data.run(
        'INSERT INTO link_attempt (record_id, action, label_zh, label_en, attempt, at, ok, message_zh, message_en) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        recordId,
        i,
        label.zh,
        label.en,
        n,
        Date.now(),
        outcome.ok ? 1 : 0,
        outcome.text.zh,
        outcome.text.en,
      );
      if (!outcome.ok) failed.push(i);
    }
    const tries = data.get<{ n: number | null }>('SELECT MAX(attempt) AS n FROM link_attempt WHERE record_id = ?', recordId)!.n ?? 0;
    if (failed.length === 0) data.run("UPDATE link_record SET result = 'success', pending = '[]', next_retry_at = NULL WHERE id = ? AND tenant_id = $tenant", recordId);
    else if (rec.level === 'important' && tries < MAX_ATTEMPTS)
      data.run("UPDATE link_record SET result = 'retrying', pending = ?, next_retry_at = ? WHERE id = ? AND tenant_id = $tenant", JSON.stringify(failed), Date.now() + rec.retry_ms, recordId);
    else
      data.run(
        "UPDATE link_record SET result = 'failed', pending = ?, next_retry_at = NULL, note_zh = ?, note_en = ? WHERE id = ? AND tenant_id = $tenant",
        JSON.stringify(failed),
        rec.level === 'important' ? TEXT.gaveUp.zh : '',
        rec.level === 'important' ? TEXT.gaveUp.en : '',
        recordId,
      );
  };

  /** Records a firing; answers its id when its actions are to run (not when the chain is too deep). */
  const fire = (data: TenantData, s: Live, current: Record<string, number>, at: number, depth: number): number | null => {
    const strategy = data.get<{ name: string; actions: string }>('SELECT name, actions FROM link_strategy WHERE id = ? AND tenant_id = $tenant', s.id)!;
    const device = data.get<{ name: string }>('SELECT name FROM device WHERE id = ? AND tenant_id = $tenant', s.deviceId);
    const stopped = depth > MAX_CHAIN_DEPTH;
    const actions = JSON.parse(strategy.actions) as LinkAction[];
    const id = Number(
      data.run(
        `INSERT INTO link_record (tenant_id, strategy_id, strategy_name, device_id, device_name, fired_at, source_values, result, note_zh, note_en, actions, pending, level, retry_ms, depth, user_id)
         VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        s.id,
        strategy.name,
        s.deviceId,
        device?.name ?? '',
        at,
        JSON.stringify(current),
        stopped ? 'stopped' : 'running',
        stopped ? TEXT.chain.zh : '',
        stopped ? TEXT.chain.en : '',
        strategy.actions,
        JSON.stringify(actions.map((_a, i) => i)),
        s.level,
        s.retryMs,
        depth,
        s.createdBy,
      ).lastInsertRowid,
    );
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
    const current = Object.fromEntries(data.all<{ code: string; value: number }>('SELECT code, value FROM point_current WHERE device_id = ? AND tenant_id = $tenant', deviceId).map((r) => [r.code, r.value]));
    for (const s of list) {
      if (!inPeriod(s, at)) continue;
      if (s.skipHolidays && data.get("SELECT 1 FROM holiday WHERE tenant_id = $tenant AND day = ? AND kind = 'holiday'", dayText(at))) continue;
      let holds = false;
      try {
        holds = s.tree !== null && evaluate(s.tree, current) !== 0;
      } catch {
        // A point the device has not reported yet: the source does not hold.
      }
      const state = data.get<{ held: number; armed: number }>('SELECT held, armed FROM link_strategy WHERE id = ? AND tenant_id = $tenant', s.id);
      if (!state) continue;
      if (!holds) {
        if (state.held !== 0 || state.armed !== 1) setState(data, s.id, 0, 1);
        continue;
      }
      const held = Math.min(s.hits, state.held + 1);
      if (held >= s.hits && state.armed === 1) {
        const id = data.tx(() => {
          setState(data, s.id, held, 0);
          return fire(data, s, current, at, depth);
        });
        if (id !== null) void track(attempt(id));
      } else if (held !== state.held) setState(data, s.id, held, state.armed);
    }
  };

  const unsubscribe = onPointChange(db, 'linkage', ({ tenantId, deviceIds, at, depth }) => {
    for (const deviceId of deviceIds) evaluateDevice(tenantId, deviceId, at, depth);
    engine.decided?.(at);
  });

  // Firings that were running when the platform went down: important ones resume their retries,
  // common ones are recorded as interrupted (their actions may have run; they are not run twice).
  db.prepare("UPDATE link_record SET result = 'retrying', next_retry_at = ? WHERE result = 'running' AND level = 'important'").run(Date.now());
  db.prepare("UPDATE link_record SET result = 'stopped', note_zh = ?, note_en = ? WHERE result = 'running'").run(TEXT.interrupted.zh, TEXT.interrupted.en);

  let scanning = false;
  const retryDue = async (now = Date.now()) => {
    if (scanning) return;
    scanning = true;
    try {
      const due = db.prepare("SELECT id FROM link_record WHERE result = 'retrying' AND next_retry_at <= ? ORDER BY next_retry_at LIMIT 100").all<{ id: number }>(now);
      for (const { id } of due) {
        // Claimed first, so a second scan does not run it too.
        if (Number(db.prepare("UPDATE link_record SET result = 'running' WHERE id = ? AND result = 'retrying'").run(id).changes) === 0) continue;
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
