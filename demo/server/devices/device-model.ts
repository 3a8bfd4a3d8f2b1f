// Device models (devmng/config, configManage): major categories, the models under them and each
// model's parameters, per tenant. Every write is checked with the forms' own shared schemas (the
// formulas by the shared expression parser, never evaluated as code); a category holding models or a
// model used by devices is kept, with a message saying why. Devices get a model through model_id.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DeviceCategory, ModelOption, ModelRow, ParamRow, ParamSave } from '../../../shared/api/device-model-types.ts';
import { ops } from '../../../shared/contract/device-model.ts';
import { route } from '../contract.ts';
import { categorySchema, modelSchema, paramSchema } from '../../../shared/validate/device-model.ts';
import type { Db } from '../db.ts';
import { fail, failField, ok, validBody, type Schema } from '../http.ts';
import { inLang, namesAfterEdit } from '../local-names.ts';
import { type Lang, textsOf } from '../messages.ts';
import { deleteTenantRows, fromShared, inList, likePattern } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';

const TEXT = {
  noCategory: { zh: '大类不存在', en: 'no such category' },
  categoryTaken: { zh: '大类“{name}”已存在', en: 'category “{name}” already exists' },
  categoryInUse: { zh: '大类下还有 {count} 个型号，不能删除', en: 'the category still holds {count} models and cannot be deleted' },
  categoryInUse_one: { zh: '大类下还有 {count} 个型号，不能删除', en: 'the category still holds {count} model and cannot be deleted' },
  noModel: { zh: '型号不存在', en: 'no such model' },
  modelTaken: { zh: '型号编码 {code} 已存在', en: 'model code {code} already exists' },
  modelInUse: { zh: '型号正被 {count} 台设备使用，不能删除', en: 'the model is used by {count} devices and cannot be deleted' },
  modelInUse_one: { zh: '型号正被 {count} 台设备使用，不能删除', en: 'the model is used by {count} device and cannot be deleted' },
  noParam: { zh: '参数不存在', en: 'no such parameter' },
  paramTaken: { zh: '参数编码 {code} 在该型号中已存在', en: 'parameter code {code} already exists in this model' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);

/** Numbers may arrive as JSON numbers; the shared rules read text. */
function asTexts<T extends object>(body: T, fields: readonly string[]): T {
  const out = { ...body } as Record<string, unknown>;
  for (const f of fields) if (typeof out[f] === 'number') out[f] = String(out[f]);
  return out as T;
}

const NUMBER_FIELDS = ['min', 'max', 'step', 'defaultValue', 'precision'] as const;

/** The form's own rules (shared/validate/device-model.ts), after the declaration's types: trimmed required texts, formulas parsed, ranges. */
const paramRules = fromShared<ParamSave>(paramSchema) as Schema<ParamSave>;
/** A typed number as the text it is stored as. */
const text = (value: string | number | undefined): string => String(value ?? '').trim();

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

/** A parameter's name in both languages, for text stored once for both (alarm contents). */
export function paramNamesOf(data: TenantData, modelId: number | null, param: { code: string; name: string }): Record<Lang, string> {
  const row = modelId === null ? undefined : data.get<{ name: string; name_en: string }>('SELECT name, name_en FROM model_param WHERE model_id = ? AND code = ? AND tenant_id = $tenant', modelId, param.code);
  return row ? { zh: row.name, en: inLang('en', row) } : { zh: param.name, en: param.name };
}

/** Parameters of one model (for the point simulator and the alarm rules). */
export function modelParams(data: TenantData, modelId: number): ParamRow[] {
  return PARAM.all(data.all(`SELECT ${PARAM.select} FROM model_param WHERE tenant_id = $tenant AND model_id = ? ORDER BY id`, modelId));
}


/** A name in both languages: [Chinese, English] (local-names.ts). */
export type Names = readonly [zh: string, en: string];

type SeedParam = [code: string, names: Names, type: ParamSave['dataType'], access: ParamSave['access'], unit: string, min: string, max: string, def: string, collect: string, alarm: string];

/** The demo's models, one per kind of seeded device (code prefix), with realistic parameters. */
export const SEED_MODELS: ReadonlyArray<{ category: Names; code: string; names: Names; prefix: string; params: SeedParam[] }> = [
  { category: ['暖通空调', 'HVAC'], code: 'FCU100', names: ['风机盘管', 'Fan coil unit'], prefix: 'FCU', params: [['temp', ['供水温度', 'Supply temperature'], 'float', 'r', '°C', '5', '40', '22', 'x / 10', 'x > 35'], ['setpoint', ['设定温度', 'Set point'], 'float', 'rw', '°C', '16', '30', '24', '', ''], ['fan', ['风机运行', 'Fan on'], 'bool', 'rw', '', '0', '1', '1', '', '']] },
  { category: ['暖通空调', 'HVAC'], code: 'AHU200', names: ['空调机组', 'Air handling unit'], prefix: 'AHU', params: [['temp', ['回风温度', 'Return air temperature'], 'float', 'r', '°C', '5', '40', '23', 'x / 10', 'x > 32'], ['pressure', ['过滤器压差', 'Filter pressure drop'], 'float', 'r', 'Pa', '0', '500', '120', '', 'x > 400'], ['run', ['运行状态', 'Running'], 'bool', 'rw', '', '0', '1', '1', '', '']] },
  { category: ['电力', 'Power'], code: 'MTR3P', names: ['三相电表', 'Three-phase meter'], prefix: 'METER', params: [['power', ['有功功率', 'Active power'], 'float', 'r', 'kW', '0', '500', '80', 'x / 100', 'x > 450'], ['energy', ['电能', 'Energy'], 'float', 'r', 'kWh', '0', '1000000', '0', '', '']] },
  { category: ['电力', 'Power'], code: 'LGT8', names: ['照明回路', 'Lighting circuit'], prefix: 'LIGHT', params: [['on', ['回路通电', 'Circuit on'], 'bool', 'rw', '', '0', '1', '0', '', ''], ['current', ['电流', 'Current'], 'float', 'r', 'A', '0', '32', '6', '', 'x > 30']] },
  { category: ['给排水', 'Water'], code: 'PMP55', names: ['水泵', 'Water pump'], prefix: 'PUMP', params: [['pressure', ['出水压力', 'Outlet pressure'], 'float', 'r', 'bar', '0', '16', '6', 'x / 10', 'x > 12'], ['run', ['运行状态', 'Running'], 'bool', 'rw', '', '0', '1', '1', '', '']] },
  { category: ['安防', 'Safety'], code: 'ACS2', names: ['门禁', 'Access door'], prefix: 'DOOR', params: [['open', ['门开启', 'Door open'], 'bool', 'r', '', '0', '1', '0', '', ''], ['lock', ['已上锁', 'Locked'], 'bool', 'rw', '', '0', '1', '1', '', '']] },
  { category: ['安防', 'Safety'], code: 'SMK1', names: ['烟感探测器', 'Smoke detector'], prefix: 'SMOKE', params: [['smoke', ['烟雾浓度', 'Smoke density'], 'float', 'r', '%obs/m', '0', '20', '0.2', 'x / 100', 'x > 4']] },
  { category: ['暖通空调', 'HVAC'], code: 'THS1', names: ['温湿度传感器', 'Temperature and humidity sensor'], prefix: 'TEMP', params: [['temp', ['温度', 'Temperature'], 'float', 'r', '°C', '-20', '60', '22', 'x / 10', 'x > 30'], ['humidity', ['湿度', 'Humidity'], 'float', 'r', '%RH', '0', '100', '45', 'x / 10', 'x > 80']] },
];

/** Categories, models and parameters for each tenant that has none; seeded devices get their model. */
export function seed(db: Db): void {
  const tenants = (db.prepare('SELECT id FROM tenant WHERE platform = 0').all<{ id: number }>()).map((t) => t.id);
  for (const tenantId of tenants) {
    const data = tenantDataOf(db, tenantId);
    if (data.get('SELECT 1 FROM device_category WHERE tenant_id = $tenant LIMIT 1')) continue;
    data.tx(() => {
      const categories = new Map<string, number>();
      for (const m of SEED_MODELS) {
        let category = categories.get(m.category[1]);
        if (category === undefined) {
          category = Number(data.run('INSERT INTO device_category (tenant_id, name, name_en) VALUES ($tenant, ?, ?)', ...m.category).lastInsertRowid);
          categories.set(m.category[1], category);
        }
        const modelId = Number(data.run('INSERT INTO device_model (tenant_id, category_id, code, name, name_en) VALUES ($tenant, ?, ?, ?, ?)', category, m.code, ...m.names).lastInsertRowid);
        for (const [code, [name, nameEn], type, access, unit, min, max, def, collect, alarm] of m.params) {
          data.run(
            `INSERT INTO model_param (tenant_id, model_id, name, name_en, code, data_type, access, unit, precision, collect_formula, alarm_expression, ui_type, min, max, step, default_value)
             VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            modelId, name, nameEn, code, type, access, unit, type === 'float' ? '1' : '0', collect, alarm, type === 'bool' ? 'switch' : 'gauge', min, max, type === 'bool' ? '1' : '0.1', def,
          );
        }
        data.run("UPDATE device SET model_id = ? WHERE tenant_id = $tenant AND model_id IS NULL AND code LIKE ? ESCAPE '\\'", modelId, `%${m.prefix}-%`);
      }
    });
  }
}

const plugin: FastifyPluginAsync = async (app) => {
  type Named = { name: string; name_en: string };
  const categoryById = (data: TenantData, id: number) => data.get<Named>('SELECT id, name, name_en FROM device_category WHERE id = ? AND tenant_id = $tenant', id);
  const modelById = (data: TenantData, id: number) => data.get<Named>('SELECT id, name, name_en FROM device_model WHERE id = ? AND tenant_id = $tenant', id);

  // ---- categories ------------------------------------------------------------------------------

  // Reading needs devManager or MonitorOPS, writing devManager (the declarations' rights).
  route(app, ops.categories, async (request) => {
    return ok(
      tenantData(request).all<DeviceCategory>(
        `SELECT c.id, loc(c.name, c.name_en) AS name, (SELECT COUNT(*) FROM device_model m WHERE m.category_id = c.id AND m.tenant_id = c.tenant_id) AS modelCount
         FROM device_category c WHERE c.tenant_id = $tenant ORDER BY name`,
      ),
    );
  });

  const saveCategory = (request: FastifyRequest<{ Body: { name: string } }>, id: number | null) => {
    const data = tenantData(request);
    const name = request.body.name.trim();
    const before = id === null ? undefined : categoryById(data, id);
    if (id !== null && !before) return fail(say(request, 'noCategory'));
    if (data.get('SELECT 1 FROM device_category WHERE tenant_id = $tenant AND (name = ? OR name_en = ?) AND id <> ?', name, name, id ?? 0)) return failField(say(request, 'categoryTaken', { name }), 'name');
    const names = before ? namesAfterEdit(before, name) : { name, name_en: '' };
    const saved = id === null ? Number(data.run('INSERT INTO device_category (tenant_id, name) VALUES ($tenant, ?)', name).lastInsertRowid) : id;
    if (id !== null) data.run('UPDATE device_category SET name = ?, name_en = ? WHERE id = ? AND tenant_id = $tenant', names.name, names.name_en, id);
    return ok({ id: saved, name });
  };
  const categoryBody = { preHandler: [validBody<{ name: string }>(fromShared(categorySchema))] };
  route(app, ops.categoryCreate, async (request) => saveCategory(request, null), categoryBody);
  route(app, ops.categoryUpdate, async (request) => saveCategory(request, request.params.id), categoryBody);
  route(app, ops.categoryDelete, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!categoryById(data, id)) return fail(say(request, 'noCategory'));
    const models = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM device_model WHERE category_id = ? AND tenant_id = $tenant', id)!.n;
    if (models > 0) return fail(say(request, 'categoryInUse', { count: models }));
    data.run('DELETE FROM device_category WHERE id = ? AND tenant_id = $tenant', id);
    return ok({ deleted: 1 });
  });

  // ---- models ----------------------------------------------------------------------------------

  route(
    app,
    ops.modelPage,
    async (request) => {
      const data = tenantData(request);
      const { page = 1, limit = 20 } = request.body;
      const where = ['m.tenant_id = $tenant'];
      const args: Array<string | number> = [];
      if (request.body.categoryId) {
        where.push('m.category_id = ?');
        args.push(request.body.categoryId);
      }
      const keyword = request.body.keyword?.trim();
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
        limit,
        (page - 1) * limit,
      );
      return ok({ rows, total });
    },
  );

  route(app, ops.modelAll, async (request) =>
    ok(tenantData(request).all<ModelOption>('SELECT id, code, loc(name, name_en) AS name FROM device_model WHERE tenant_id = $tenant ORDER BY code')),
  );

  // The form's text rules (required after trimming, alphanumeric code, description length); the category id is the declaration's.
  const { categoryId: _category, ...modelTexts } = modelSchema;
  const modelRules = { preHandler: [validBody(fromShared(modelTexts))] };
  const saveModel = (request: FastifyRequest<{ Body: { code: string; name: string; categoryId: number; description?: string } }>, id: number | null) => {
    const data = tenantData(request);
    const { code, name, categoryId, description = '' } = request.body;
    const before = id === null ? undefined : modelById(data, id);
    if (id !== null && !before) return fail(say(request, 'noModel'));
    if (!categoryById(data, categoryId)) return failField(say(request, 'noCategory'), 'categoryId');
    if (data.get('SELECT 1 FROM device_model WHERE tenant_id = $tenant AND code = ? AND id <> ?', code.trim(), id ?? 0)) return failField(say(request, 'modelTaken', { code }), 'code');
    const names = before ? namesAfterEdit(before, name.trim()) : { name: name.trim(), name_en: '' };
    const args = [categoryId, code.trim(), names.name, names.name_en, description.trim()];
    const saved =
      id === null
        ? Number(data.run('INSERT INTO device_model (tenant_id, category_id, code, name, name_en, description) VALUES ($tenant, ?, ?, ?, ?, ?)', ...args).lastInsertRowid)
        : (data.run('UPDATE device_model SET category_id = ?, code = ?, name = ?, name_en = ?, description = ? WHERE id = ? AND tenant_id = $tenant', ...args, id), id);
    return ok({ id: saved });
  };
  route(app, ops.modelCreate, async (request) => saveModel(request, null), modelRules);
  route(app, ops.modelUpdate, async (request) => saveModel(request, request.params.id), modelRules);
  route(app, ops.modelDelete, async (request) => {
    const data = tenantData(request);
    const ids = request.body.ids;
    const found = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM device_model WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids)!.n;
    if (found !== new Set(ids).size) return fail(say(request, 'noModel'));
    const used = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM device WHERE tenant_id = $tenant AND model_id IN (${inList(ids.length)})`, ...ids)!.n;
    if (used > 0) return fail(say(request, 'modelInUse', { count: used }));
    const deleted = data.tx(() => Number(data.run(`DELETE FROM device_model WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).changes));
    return ok({ deleted });
  });

  // ---- parameters ------------------------------------------------------------------------------

  route(app, ops.paramPage, async (request) => {
    const data = tenantData(request);
    const modelId = request.params.id;
    const { page = 1, limit = 20 } = request.body;
    if (!modelById(data, modelId)) return fail(say(request, 'noModel'));
    const total = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM model_param WHERE tenant_id = $tenant AND model_id = ?', modelId)!.n;
    const rows = data.all(`SELECT ${PARAM.select} FROM model_param WHERE tenant_id = $tenant AND model_id = ? ORDER BY id LIMIT ? OFFSET ?`, modelId, limit, (page - 1) * limit);
    return ok({ rows: PARAM.all(rows), total });
  });

  // Numbers may arrive as JSON numbers (the declaration allows both); the form's rules read text.
  const textify = async (request: FastifyRequest) => {
    if (request.body && typeof request.body === 'object') request.body = asTexts(request.body, NUMBER_FIELDS);
  };
  const paramBody = { preHandler: [textify, validBody<ParamSave>(paramRules)] };
  const saveParam = (request: FastifyRequest<{ Body: ParamSave }>, modelId: number, id: number | null) => {
    const data = tenantData(request);
    const b = request.body;
    const code = b.code.trim();
    if (data.get('SELECT 1 FROM model_param WHERE model_id = ? AND code = ? AND id <> ? AND tenant_id = $tenant', modelId, code, id ?? 0)) return failField(say(request, 'paramTaken', { code }), 'code');
    const before = id === null ? undefined : data.get<Named>('SELECT name, name_en FROM model_param WHERE id = ? AND tenant_id = $tenant', id);
    const names = before ? namesAfterEdit(before, b.name.trim()) : { name: b.name.trim(), name_en: '' };
    const values = [
      names.name, names.name_en, code, b.dataType, b.access, text(b.unit), text(b.precision), text(b.collectFormula), text(b.controlFormula),
      text(b.alarmExpression), b.uiType, text(b.min), text(b.max), text(b.step), text(b.defaultValue),
    ];
    const saved =
      id === null
        ? Number(
            data.run(
              `INSERT INTO model_param (tenant_id, model_id, name, name_en, code, data_type, access, unit, precision, collect_formula, control_formula, alarm_expression, ui_type, min, max, step, default_value)
               VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
              modelId,
              ...values,
            ).lastInsertRowid,
          )
        : (data.run(
            `UPDATE model_param SET name = ?, name_en = ?, code = ?, data_type = ?, access = ?, unit = ?, precision = ?, collect_formula = ?, control_formula = ?, alarm_expression = ?,
               ui_type = ?, min = ?, max = ?, step = ?, default_value = ? WHERE id = ? AND tenant_id = $tenant`,
            ...values,
            id,
          ),
          id);
    return ok(PARAM.read(data.get(`SELECT ${PARAM.select} FROM model_param WHERE id = ? AND tenant_id = $tenant`, saved)!));
  };
  route(
    app,
    ops.paramCreate,
    async (request) => {
      const modelId = request.params.id;
      if (!modelById(tenantData(request), modelId)) return fail(say(request, 'noModel'));
      return saveParam(request, modelId, null);
    },
    paramBody,
  );
  route(
    app,
    ops.paramUpdate,
    async (request) => {
      const row = tenantData(request).get<{ model_id: number }>('SELECT model_id FROM model_param WHERE id = ? AND tenant_id = $tenant', request.params.pid);
      if (!row) return fail(say(request, 'noParam'));
      return saveParam(request, row.model_id, request.params.pid);
    },
    paramBody,
  );
  route(app, ops.paramDelete, async (request) => {
    const deleted = deleteTenantRows(tenantData(request), 'model_param', request.body.ids);
    if (deleted === null) return fail(say(request, 'noParam'));
    return ok({ deleted });
  });
};

export default plugin;
