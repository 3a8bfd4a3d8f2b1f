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

export interface DeviceCategory {
  id: number;
  name: string;
  modelCount: number;
}

export interface ModelRow {
  id: number;
  code: string;
  name: string;
  categoryId: number;
  categoryName: string;
  description: string;
  paramCount: number;
  deviceCount: number;
}

export interface ModelPage {
  rows: ModelRow[];
  total: number;
}

export interface ModelQuery {
  page: number;
  limit: number;
  categoryId?: number;
  keyword?: string;
}

export interface ModelSave {
  code: string;
  name: string;
  categoryId: number;
  description?: string;
}

export interface ModelOption {
  id: number;
  code: string;
  name: string;
}

export const PARAM_DATA_TYPES = ['int', 'float', 'bool'] as const;
export type ParamDataType = (typeof PARAM_DATA_TYPES)[number];
export const PARAM_ACCESS = ['r', 'rw'] as const;
export type ParamAccess = (typeof PARAM_ACCESS)[number];
export const PARAM_UI_TYPES = ['text', 'switch', 'slider', 'gauge'] as const;
export type ParamUiType = (typeof PARAM_UI_TYPES)[number];

/** A parameter as saved: numbers as typed text ('' = none). */
export interface ParamSave {
  name: string;
  code: string;
  dataType: ParamDataType;
  access: ParamAccess;
  unit?: string;
  precision?: string;
  /** Raw value x → stored value, e.g. 'x / 10'. */
  collectFormula?: string;
  /** Wanted value x → value written to the device, e.g. 'x * 10'. */
  controlFormula?: string;
  /** Alarm when true for the stored value x, e.g. 'x > 35'. */
  alarmExpression?: string;
  uiType: ParamUiType;
  min?: string;
  max?: string;
  step?: string;
  defaultValue?: string;
}

export interface ParamRow extends Required<ParamSave> {
  id: number;
  modelId: number;
}

export interface ParamPage {
  rows: ParamRow[];
  total: number;
}
