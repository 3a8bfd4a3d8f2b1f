// Device categories, models and their parameters in the tenant's data (issue 39: the SQL of
// device-model.ts, moved): the parameter answer, the category and model lists, names and codes taken,
// inserts, edits and deletes. Every function takes the tenant's data (tenant-data.ts).
import type { DeviceCategory, ModelOption, ModelRow, ParamRow } from '../../../shared/api/device-model-types.ts';
import { inLang } from '../local-names.ts';
import type { Lang } from '../messages.ts';
import { inList, likePattern } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A parameter as the API answers it (model_param). */
const PARAM = shape<ParamRow>({
  id: col.value('id'),
  modelId: col.value('model_id'),
  name: col.value('loc(name, name_en)'),
  code: col.value('code'),
  dataType: col.value('data_type'),
  access: col.value('access'),
  unit: col.value('unit'),
  precision: col.value('precision'),
  collectFormula: col.value('collect_formula'),
  controlFormula: col.value('control_formula'),
  alarmExpression: col.value('alarm_expression'),
  uiType: col.value('ui_type'),
  min: col.value('min'),
  max: col.value('max'),
  step: col.value('step'),
  defaultValue: col.value('default_value'),
});

/** Stored names in both languages. */
export type Named = { name: string; name_en: string };

/** A parameter's name in both languages, for text stored once for both (alarm contents). */
export function paramNamesOf(data: TenantData, modelId: number | null, param: { code: string; name: string }): Record<Lang, string> {
  const row = modelId === null ? undefined : data.get<{ name: string; name_en: string }>('SELECT name, name_en FROM model_param WHERE model_id = ? AND code = ? AND tenant_id = $tenant', modelId, param.code);
  return row ? { zh: row.name, en: inLang('en', row) } : { zh: param.name, en: param.name };
}

/** Parameters of one model (for the point simulator and the alarm rules). */
export function modelParams(data: TenantData, modelId: number): ParamRow[] {
  return PARAM.all(data.all(`SELECT ${PARAM.select} FROM model_param WHERE tenant_id = $tenant AND model_id = ? ORDER BY id`, modelId));
}

// ---- categories -------------------------------------------------------------------------------

/** The tenant's categories by name, each with how many models it holds. */
export const listCategories = (data: TenantData): DeviceCategory[] =>
  data.all<DeviceCategory>(
    `SELECT c.id, loc(c.name, c.name_en) AS name, (SELECT COUNT(*) FROM device_model m WHERE m.category_id = c.id AND m.tenant_id = c.tenant_id) AS modelCount
     FROM device_category c WHERE c.tenant_id = $tenant ORDER BY name`,
  );

export const categoryById = (data: TenantData, id: number): Named | undefined => data.get<Named>('SELECT id, name, name_en FROM device_category WHERE id = ? AND tenant_id = $tenant', id);

/** Whether another category (not `exceptId`) has this name in either language. */
export const categoryNameTaken = (data: TenantData, name: string, exceptId: number): boolean =>
  Boolean(data.get('SELECT 1 FROM device_category WHERE tenant_id = $tenant AND (name = ? OR name_en = ?) AND id <> ?', name, name, exceptId));

export const insertCategory = (data: TenantData, name: string): number => Number(data.run('INSERT INTO device_category (tenant_id, name) VALUES ($tenant, ?)', name).lastInsertRowid);

export const renameCategory = (data: TenantData, id: number, names: Named): void =>
  void data.run('UPDATE device_category SET name = ?, name_en = ? WHERE id = ? AND tenant_id = $tenant', names.name, names.name_en, id);

export const modelsInCategory = (data: TenantData, id: number): number => data.get<{ n: number }>('SELECT COUNT(*) AS n FROM device_model WHERE category_id = ? AND tenant_id = $tenant', id)!.n;

export const deleteCategory = (data: TenantData, id: number): void => void data.run('DELETE FROM device_category WHERE id = ? AND tenant_id = $tenant', id);

// ---- models -----------------------------------------------------------------------------------

export const modelById = (data: TenantData, id: number): Named | undefined => data.get<Named>('SELECT id, name, name_en FROM device_model WHERE id = ? AND tenant_id = $tenant', id);

/** A page of the tenant's models by code, in a category and matching a keyword (code or either name). */
export function listModels(data: TenantData, q: { page: number; limit: number; categoryId?: number; keyword?: string }): { rows: ModelRow[]; total: number } {
  const where = ['m.tenant_id = $tenant'];
  const args: Array<string | number> = [];
  if (q.categoryId) {
    where.push('m.category_id = ?');
    args.push(q.categoryId);
  }
  const keyword = q.keyword?.trim();
  if (keyword) {
    where.push("(m.code LIKE ? ESCAPE '\\' OR m.name LIKE ? ESCAPE '\\' OR m.name_en LIKE ? ESCAPE '\\')");
    args.push(likePattern(keyword), likePattern(keyword), likePattern(keyword));
  }
  const sql = where.join(' AND ');
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM device_model m WHERE ${sql}`, ...args)!.n;
  const rows = data.all<ModelRow>(
    `SELECT m.id, m.code, loc(m.name, m.name_en) AS name, m.category_id AS categoryId, loc(c.name, c.name_en) AS categoryName, m.description,
       (SELECT COUNT(*) FROM model_param p WHERE p.model_id = m.id AND p.tenant_id = m.tenant_id) AS paramCount,
       (SELECT COUNT(*) FROM device d WHERE d.tenant_id = m.tenant_id AND d.model_id = m.id) AS deviceCount
     FROM device_model m JOIN device_category c ON c.id = m.category_id AND c.tenant_id = m.tenant_id
     WHERE ${sql} ORDER BY m.code LIMIT ? OFFSET ?`,
    ...args,
    q.limit,
    (q.page - 1) * q.limit,
  );
  return { rows, total };
}

export const allModels = (data: TenantData): ModelOption[] => data.all<ModelOption>('SELECT id, code, loc(name, name_en) AS name FROM device_model WHERE tenant_id = $tenant ORDER BY code');

/** Whether another model (not `exceptId`) has this code. */
export const modelCodeTaken = (data: TenantData, code: string, exceptId: number): boolean =>
  Boolean(data.get('SELECT 1 FROM device_model WHERE tenant_id = $tenant AND code = ? AND id <> ?', code, exceptId));

export type ModelValues = [categoryId: number, code: string, name: string, nameEn: string, description: string];

export const insertModel = (data: TenantData, values: ModelValues): number =>
  Number(data.run('INSERT INTO device_model (tenant_id, category_id, code, name, name_en, description) VALUES ($tenant, ?, ?, ?, ?, ?)', ...values).lastInsertRowid);

export const updateModel = (data: TenantData, id: number, values: ModelValues): void =>
  void data.run('UPDATE device_model SET category_id = ?, code = ?, name = ?, name_en = ?, description = ? WHERE id = ? AND tenant_id = $tenant', ...values, id);

/** How many of `ids` are the tenant's models. */
export const modelsFound = (data: TenantData, ids: readonly number[]): number =>
  data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM device_model WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids)!.n;

/** How many of the tenant's devices use one of the models `ids`. */
export const devicesUsingModels = (data: TenantData, ids: readonly number[]): number =>
  data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM device WHERE tenant_id = $tenant AND model_id IN (${inList(ids.length)})`, ...ids)!.n;

/** Deletes the tenant's models `ids` (one transaction); answers how many. */
export const deleteModels = (data: TenantData, ids: readonly number[]): number =>
  data.tx(() => Number(data.run(`DELETE FROM device_model WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).changes));

// ---- parameters -------------------------------------------------------------------------------

/** A page of one model's parameters, in the order they were added. */
export function listParams(data: TenantData, modelId: number, page: number, limit: number): { rows: ParamRow[]; total: number } {
  const total = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM model_param WHERE tenant_id = $tenant AND model_id = ?', modelId)!.n;
  const rows = data.all(`SELECT ${PARAM.select} FROM model_param WHERE tenant_id = $tenant AND model_id = ? ORDER BY id LIMIT ? OFFSET ?`, modelId, limit, (page - 1) * limit);
  return { rows: PARAM.all(rows), total };
}

/** Whether another parameter of the model (not `exceptId`) has this code. */
export const paramCodeTaken = (data: TenantData, modelId: number, code: string, exceptId: number): boolean =>
  Boolean(data.get('SELECT 1 FROM model_param WHERE model_id = ? AND code = ? AND id <> ? AND tenant_id = $tenant', modelId, code, exceptId));

export const paramNames = (data: TenantData, id: number): Named | undefined => data.get<Named>('SELECT name, name_en FROM model_param WHERE id = ? AND tenant_id = $tenant', id);

/** The model a parameter belongs to, or undefined when the tenant has no such parameter. */
export const paramModel = (data: TenantData, id: number): number | undefined =>
  data.get<{ model_id: number }>('SELECT model_id FROM model_param WHERE id = ? AND tenant_id = $tenant', id)?.model_id;

/** A parameter's stored values, in the column order of insertParam and updateParam (name … default_value). */
export type ParamValues = Array<string | number>;

export const insertParam = (data: TenantData, modelId: number, values: ParamValues): number =>
  Number(
    data.run(
      `INSERT INTO model_param (tenant_id, model_id, name, name_en, code, data_type, access, unit, precision, collect_formula, control_formula, alarm_expression, ui_type, min, max, step, default_value)
               VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      modelId,
      ...values,
    ).lastInsertRowid,
  );

export const updateParam = (data: TenantData, id: number, values: ParamValues): void =>
  void data.run(
    `UPDATE model_param SET name = ?, name_en = ?, code = ?, data_type = ?, access = ?, unit = ?, precision = ?, collect_formula = ?, control_formula = ?, alarm_expression = ?,
               ui_type = ?, min = ?, max = ?, step = ?, default_value = ? WHERE id = ? AND tenant_id = $tenant`,
    ...values,
    id,
  );

/** One of the tenant's parameters as answered (it must exist). */
export const paramAnswer = (data: TenantData, id: number): ParamRow => PARAM.read(data.get(`SELECT ${PARAM.select} FROM model_param WHERE id = ? AND tenant_id = $tenant`, id)!);
