// The dashboard's data: alarm statistics, the live list of unhandled critical alarms and the device
// online rate, each asked only when the user holds its right; loaded on arrival and again every 30 s
// while the page is visible and no token refresh is under way (a round skipped then is caught up
// when the tab shows again or the refresh ends: the views' one poll, usePoll). A round starts after the
// one before it answered, and leaving the page aborts everything: nothing grows while it stays open. The open-alarm count is the bell's own
// shared poll (one request per 5 s for every tab), not a call of the dashboard's.
import { useCallback, useState } from 'react';
import { usePoll } from '../../resource/use-poll.ts';
import type { Page } from '../../../shared/api/resource.ts';
import { alarmsByDay, alarmsByLevel, alarmsByMachine, alarmsByNode, listAlarms } from '../../../shared/api/alarm.ts';
import type { Alarm, AlarmLevelTotal, AlarmMachineTotal, AlarmNodeTotal, AlarmsByDay } from '../../../shared/api/alarm-types.ts';
import { listDevices } from '../../../shared/api/device.ts';
import { http } from '../../../shared/http/index.ts';

export const REFRESH_MS = 30_000;

export interface Board {
  byDay: AlarmsByDay | null;
  byLevel: AlarmLevelTotal[] | null;
  byNode: AlarmNodeTotal[] | null;
  byMachine: AlarmMachineTotal[] | null;
  critical: Page<Alarm> | null;
  devices: { online: number; total: number } | null;
  updatedAt: number | null;
}

const EMPTY: Board = { byDay: null, byLevel: null, byNode: null, byMachine: null, critical: null, devices: null, updatedAt: null };

export interface BoardRights {
  alarms: boolean;
  devices: boolean;
}

const settle = async <T>(run: boolean, load: () => Promise<T>): Promise<T | null> => {
  if (!run) return null;
  try {
    return await load();
  } catch {
    return null;
  }
};

async function loadBoard(rights: BoardRights, signal: AbortSignal): Promise<Board> {
  const quiet = { quiet: true, signal } as const;
  const a = rights.alarms;
  const [byDay, byLevel, byNode, byMachine, critical, online, devices] = await Promise.all([
    settle(a, () => alarmsByDay(http, 14, quiet)),
    settle(a, () => alarmsByLevel(http, { days: 30 }, quiet)),
    settle(a, () => alarmsByNode(http, { days: 30, limit: 8 }, quiet)),
    settle(a, () => alarmsByMachine(http, { days: 30, limit: 8 }, quiet)),
    settle(a, () => listAlarms(http, { level: 'critical', handleStatus: 'unhandled', limit: 8 }, quiet)),
    settle(rights.devices, () => listDevices(http, { limit: 1, status: 'online', count: 'exact' }, quiet)),
    settle(rights.devices, () => listDevices(http, { limit: 1, count: 'exact' }, quiet)),
  ]);
  return {
    byDay,
    byLevel,
    byNode,
    byMachine,
    critical: critical ? { rows: critical.rows, total: critical.total } : null,
    devices: online && devices && devices.total >= 0 && online.total >= 0 ? { online: online.total, total: devices.total } : null,
    updatedAt: Date.now(),
  };
}

/** The board's data, refreshed every `refreshMs` while the document is visible. */
export function useBoard(rights: BoardRights, refreshMs = REFRESH_MS): Board {
  const [board, setBoard] = useState<Board>(EMPTY);
  const { alarms, devices } = rights;
  const round = useCallback(
    (signal: AbortSignal) =>
      loadBoard({ alarms, devices }, signal).then((next) => {
        if (!signal.aborted) setBoard(next);
      }),
    [alarms, devices],
  );
  usePoll(round, refreshMs, `${alarms}/${devices}`, { enabled: alarms || devices });
  return board;
}
