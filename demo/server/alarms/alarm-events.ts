// A new alarm, announced on the platform's event queue (bus.ts) for whoever delivers it onwards —
// the notification channels (routes/notify.ts). Published by each place that raises alarms one at a
// time: the simulator, the alarm rules, the linkage engine.
import type { AlarmLevel } from '../../../shared/api/alarm-types.ts';
import { busOf } from '../bus.ts';
import type { Db } from '../db.ts';

export const ALARM_TOPIC = 'alarm.raised';

export interface RaisedAlarm {
  tenantId: number;
  alarmId: number;
  level: AlarmLevel;
  deviceName: string;
  content: string;
  at: number;
}

export function announceAlarm(db: Db, alarm: RaisedAlarm): void {
  busOf(db).publish<RaisedAlarm>(ALARM_TOPIC, alarm);
}

export function onAlarm(db: Db, name: string, listener: (alarm: RaisedAlarm) => unknown): () => void {
  return busOf(db).subscribe<RaisedAlarm>(ALARM_TOPIC, name, listener);
}
