// Linkage shapes shared by the console and the demo platform (SPEC §1 linkage strategies and quick
// scenes, §3 strategy fields, §4 enabled/disabled and levels, §5 delays 1–300 s, §7 linkage calls).
import type { Static } from 'typebox';
import type * as C from '../contract/linkage.ts';

/** SPEC §4: common runs once; important retries at its interval until the target confirms. */
export const LINK_LEVELS = ['common', 'important'] as const;
export type LinkLevel = (typeof LINK_LEVELS)[number];

/** What a strategy or a scene step does. */
export type LinkAction = Static<typeof C.LinkAction>;
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

export type LinkGroup = Static<typeof C.LinkGroup>;
export type LinkGroupSave = Static<typeof C.LinkGroupSave>;
export type LinkGroupPage = Static<typeof C.LinkGroupPage>;
export type LinkStrategySave = Static<typeof C.LinkStrategySave>;
export type LinkStrategy = Static<typeof C.LinkStrategy>;
export type LinkStrategyQuery = Static<typeof C.LinkStrategyQuery>;
export type LinkStrategyPage = Static<typeof C.LinkStrategyPage>;
export type SceneStep = Static<typeof C.SceneStep>;
export type QuickSceneSave = Static<typeof C.QuickSceneSave>;
export type QuickScene = Static<typeof C.QuickScene>;
export type QuickScenePage = Static<typeof C.QuickScenePage>;

export const HOLIDAY_KINDS = ['holiday', 'workday'] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];
export type Holiday = Static<typeof C.Holiday>;
/** PUT /api/link/holiday: kind '' clears the day. */
export type HolidaySet = Static<typeof C.HolidaySet>;

export const LINK_RESULTS = ['running', 'success', 'failed', 'retrying', 'stopped'] as const;
export type LinkResult = (typeof LINK_RESULTS)[number];

export type LinkAttempt = Static<typeof C.LinkAttempt>;
export type LinkRecord = Static<typeof C.LinkRecord>;
export type LinkRecordQuery = Static<typeof C.LinkRecordQuery>;
export type LinkRecordPage = Static<typeof C.LinkRecordPage>;
