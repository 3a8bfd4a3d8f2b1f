// Device models, their major categories and their parameters (SPEC §3 "model parameter"; devmng/config).
//   GET  /api/device/category                      → DeviceCategory[]
//   POST /api/device/category  {name}              PUT /api/device/category/{id}   DELETE /api/device/category/{id}
//   POST /api/device/model/page ModelQuery         → ModelPage
//   GET  /api/device/model/all                     → ModelOption[]
//   POST /api/device/model ModelSave               PUT /api/device/model/{id}      POST /api/device/model/delete {ids}
//   POST /api/device/model/{id}/param/page {page, limit} → ParamPage
//   POST /api/device/model/{id}/param ParamSave    PUT /api/device/model/param/{pid}  POST /api/device/model/param/delete {ids}
// Parameter numbers travel as text, exactly as typed ('' for none), and are checked by the shared
// schema on both sides; formulas and expressions are checked by the shared parser.

// The shapes come from their declarations (shared/contract/device-model.ts): types only.
import type { Static } from 'typebox';
import type * as C from '../contract/device-model.ts';

export type DeviceCategory = Static<typeof C.DeviceCategory>;

export type ModelRow = Static<typeof C.ModelRow>;

export type ModelPage = Static<typeof C.ModelPage>;

export type ModelQuery = Static<typeof C.ModelQuery>;

export type ModelSave = Static<typeof C.ModelSave>;

export type ModelOption = Static<typeof C.ModelOption>;

export const PARAM_DATA_TYPES = ['int', 'float', 'bool'] as const;
export type ParamDataType = (typeof PARAM_DATA_TYPES)[number];
export const PARAM_ACCESS = ['r', 'rw'] as const;
export type ParamAccess = (typeof PARAM_ACCESS)[number];
export const PARAM_UI_TYPES = ['text', 'switch', 'slider', 'gauge'] as const;
export type ParamUiType = (typeof PARAM_UI_TYPES)[number];

/** A parameter as saved: numbers as typed text ('' = none) or JSON numbers; formulas use only x. */
export type ParamSave = Static<typeof C.ParamSave>;

/** A parameter as answered: numbers as the text stored ('' = none). */
export type ParamRow = Static<typeof C.ParamRow>;

export type ParamPage = Static<typeof C.ParamPage>;
