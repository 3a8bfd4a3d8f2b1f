// Relations between devices and cameras (relationManager relation/device, relation cctv).
//   POST /api/relation/device/page RelationQuery → RelationPage
//   POST /api/relation/device RelationSave         POST /api/relation/device/delete { ids }
//   GET  /api/relation/cameras?deviceCode=         → RelatedCamera[]   a device's cameras (from an alarm row)

// The shapes come from their declarations (shared/contract/relation.ts): types only.
import type { Static } from 'typebox';
import type * as C from '../contract/relation.ts';

/** One relation; its name is 0–30 characters (SPEC §5). */
export type Relation = Static<typeof C.Relation>;
export type RelationPage = Static<typeof C.RelationPage>;
export type RelationQuery = Static<typeof C.RelationQuery>;
export type RelationSave = Static<typeof C.RelationSave>;
export type RelatedCamera = Static<typeof C.RelatedCamera>;
