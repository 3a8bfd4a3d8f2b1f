// Linkage shapes shared by the console and the demo platform (SPEC §1 linkage strategies and quick
// scenes, §3 strategy fields, §4 enabled/disabled and levels, §5 delays 1–300 s, §7 linkage calls).
import type { AlarmLevel } from './alarm-types.ts';

/** SPEC §4: common runs once; important retries at its interval until the target confirms. */
export const LINK_LEVELS = ['common', 'important'] as const;
export type LinkLevel = (typeof LINK_LEVELS)[number];

/** What a strategy or a scene step does. */
export type LinkAction =
  | { kind: 'write'; deviceId: number; code: string; value: number }
  | { kind: 'alarm'; deviceId: number; level: AlarmLevel; content: string }
  | { kind: 'scene'; sceneId: number };
export type LinkActionKind = LinkAction['kind'];
export const LINK_ACTION_KINDS: readonly LinkActionKind[] = ['write', 'alarm', 'scene'];
/** Scene steps write and raise; a scene does not start another scene. */
export const SCENE_ACTION_KINDS: readonly LinkActionKind[] = ['write', 'alarm'];

/** How many actions one strategy, and steps one scene, may hold. */
export const MAX_ACTIONS = 20;
/** A firing chain (a strategy's write firing another strategy…) deeper than this stops and is recorded. */
export const MAX_CHAIN_DEPTH = 5;
/** An important strategy gives up after this many attempts of one action (and records that it did). */
export const MAX_ATTEMPTS = 100;

export interface LinkGroup {
  id: number;
  name: string;
  note: string;
  strategies: number;
}
export interface LinkGroupSave {
  name: string;
  note?: string;
}
export interface LinkGroupPage {
  rows: LinkGroup[];
  total: number;
}

export interface LinkStrategySave {
  groupId: number;
  name: string;
  /** The device whose points the source expression reads (by parameter code). */
  deviceId: number;
  expression: string;
  /** Consecutive evaluations the source must hold before firing (1–100). */
  hits: number;
  level: LinkLevel;
  /** Seconds between attempts of an important strategy (1–3600). */
  retrySeconds: number;
  /** Active period HH:mm–HH:mm in the platform's time zone; both empty: all day. */
  periodStart: string;
  periodEnd: string;
  /** Not on days marked as holidays. */
  skipHolidays: boolean;
  enabled: boolean;
  actions: LinkAction[];
}
export interface LinkStrategy extends LinkStrategySave {
  id: number;
  groupName: string;
  deviceName: string;
  /** Consecutive holds counted so far. */
  held: number;
}
export interface LinkStrategyQuery {
  page: number;
  limit: number;
  groupId?: number;
  keyword?: string;
}
export interface LinkStrategyPage {
  rows: LinkStrategy[];
  total: number;
}

export interface SceneStep {
  /** Seconds to wait before this step (1–300). */
  delaySeconds: number;
  action: LinkAction;
}
export interface QuickSceneSave {
  name: string;
  note?: string;
  steps: SceneStep[];
}
export interface QuickScene extends QuickSceneSave {
  id: number;
  note: string;
}
export interface QuickScenePage {
  rows: QuickScene[];
  total: number;
}

export const HOLIDAY_KINDS = ['holiday', 'workday'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];
export interface Holiday {
  /** YYYY-MM-DD */
  day: string;
  kind: HolidayKind;
  name: string;
}
/** PUT /api/link/holiday: kind '' clears the day. */
export interface HolidaySet {
  day: string;
  kind: HolidayKind | '';
  name?: string;
}

export const LINK_RESULTS = ['running', 'success', 'failed', 'retrying', 'stopped'] as const;
export type LinkResult = (typeof LINK_RESULTS)[number];

export interface LinkAttempt {
  /** Index of the action in the strategy. */
  action: number;
  label: string;
  attempt: number;
  /** YYYY-MM-DD HH:mm:ss */
  at: string;
  ok: boolean;
  message: string;
}
export interface LinkRecord {
  id: number;
  strategyId: number;
  strategyName: string;
  deviceId: number;
  deviceName: string;
  /** YYYY-MM-DD HH:mm:ss */
  firedAt: string;
  /** The source device's point values when it fired. */
  values: Record<string, number>;
  result: LinkResult;
  note: string;
  attempts: LinkAttempt[];
}
export interface LinkRecordQuery {
  page: number;
  limit: number;
  strategyId?: number;
  deviceId?: number;
  result?: LinkResult;
  startTime?: string;
  endTime?: string;
}
export interface LinkRecordPage {
  rows: LinkRecord[];
  total: number;
}
