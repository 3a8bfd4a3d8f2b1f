// Device models (devmng/config, configManage): major categories, the models under them and each
// model's parameters, per tenant. Every write is checked with the forms' own shared schemas (the
// formulas by the shared expression parser, never evaluated as code); a category holding models or a
// model used by devices is kept, with a message saying why. Devices get a model through model_id.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ParamSave } from '../../../shared/api/device-model-types.ts';
import { ops } from '../../../shared/contract/device-model.ts';
import { route } from '../contract.ts';
import { categorySchema, modelSchema, paramSchema } from '../../../shared/validate/device-model.ts';
import { fail, failField, ok, validBody, type Schema } from '../http.ts';
import { namesAfterEdit } from '../local-names.ts';
import { type Lang, textsOf } from '../messages.ts';
import { deleteTenantRows, fromShared } from '../resource.ts';
import { tenantData } from '../tenant-data.ts';
import {
  allModels,
  categoryById,
  categoryNameTaken,
  deleteCategory,
  deleteModels,
  devicesUsingModels,
  insertCategory,
  insertModel,
  insertParam,
  listCategories,
  listModels,
  listParams,
  modelById,
  modelCodeTaken,
  modelsFound,
  modelsInCategory,
  paramAnswer,
  paramCodeTaken,
  paramModel,
  paramNames,
  renameCategory,
  updateModel,
  updateParam,
  type ModelValues,
} from './device-model-data.ts';

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

// The seed (and its models, which the schema steps read) lives in device-model-seed.ts; the
// parameter reads other domains use live in device-model-data.ts.
export { SEED_MODELS, seed, type Names } from './device-model-seed.ts';
export { modelParams, paramNamesOf } from './device-model-data.ts';

const plugin: FastifyPluginAsync = async (app) => {
  // ---- categories ------------------------------------------------------------------------------

  // Reading needs devManager or MonitorOPS, writing devManager (the declarations' rights).
  route(app, ops.categories, async (request) => {
    return ok(listCategories(tenantData(request)));
  });

  const saveCategory = (request: FastifyRequest<{ Body: { name: string } }>, id: number | null) => {
    const data = tenantData(request);
    const name = request.body.name.trim();
    const before = id === null ? undefined : categoryById(data, id);
    if (id !== null && !before) return fail(say(request, 'noCategory'));
    if (categoryNameTaken(data, name, id ?? 0)) return failField(say(request, 'categoryTaken', { name }), 'name');
    const names = before ? namesAfterEdit(before, name) : { name, name_en: '' };
    const saved = id === null ? insertCategory(data, name) : id;
    if (id !== null) renameCategory(data, id, names);
    return ok({ id: saved, name });
  };
  const categoryBody = { preHandler: [validBody<{ name: string }>(fromShared(categorySchema))] };
  route(app, ops.categoryCreate, async (request) => saveCategory(request, null), categoryBody);
  route(app, ops.categoryUpdate, async (request) => saveCategory(request, request.params.id), categoryBody);
  route(app, ops.categoryDelete, async (request) => {
    const data = tenantData(request);
    const { id } = request.params;
    if (!categoryById(data, id)) return fail(say(request, 'noCategory'));
    const models = modelsInCategory(data, id);
    if (models > 0) return fail(say(request, 'categoryInUse', { count: models }));
    deleteCategory(data, id);
    return ok({ deleted: 1 });
  });

  // ---- models ----------------------------------------------------------------------------------

  route(
    app,
    ops.modelPage,
    async (request) => {
      const { page = 1, limit = 20, categoryId, keyword } = request.body;
      return ok(listModels(tenantData(request), { page, limit, categoryId, keyword }));
    },
  );

  route(app, ops.modelAll, async (request) =>
    ok(allModels(tenantData(request))),
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
    if (modelCodeTaken(data, code.trim(), id ?? 0)) return failField(say(request, 'modelTaken', { code }), 'code');
    const names = before ? namesAfterEdit(before, name.trim()) : { name: name.trim(), name_en: '' };
    const values: ModelValues = [categoryId, code.trim(), names.name, names.name_en, description.trim()];
    const saved = id === null ? insertModel(data, values) : (updateModel(data, id, values), id);
    return ok({ id: saved });
  };
  route(app, ops.modelCreate, async (request) => saveModel(request, null), modelRules);
  route(app, ops.modelUpdate, async (request) => saveModel(request, request.params.id), modelRules);
  route(app, ops.modelDelete, async (request) => {
    const data = tenantData(request);
    const ids = request.body.ids;
    const found = modelsFound(data, ids);
    if (found !== new Set(ids).size) return fail(say(request, 'noModel'));
    const used = devicesUsingModels(data, ids);
    if (used > 0) return fail(say(request, 'modelInUse', { count: used }));
    const deleted = deleteModels(data, ids);
    return ok({ deleted });
  });

  // ---- parameters ------------------------------------------------------------------------------

  route(app, ops.paramPage, async (request) => {
    const data = tenantData(request);
    const modelId = request.params.id;
    const { page = 1, limit = 20 } = request.body;
    if (!modelById(data, modelId)) return fail(say(request, 'noModel'));
    return ok(listParams(data, modelId, page, limit));
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
    if (paramCodeTaken(data, modelId, code, id ?? 0)) return failField(say(request, 'paramTaken', { code }), 'code');
    const before = id === null ? undefined : paramNames(data, id);
    const names = before ? namesAfterEdit(before, b.name.trim()) : { name: b.name.trim(), name_en: '' };
    const values = [
      names.name, names.name_en, code, b.dataType, b.access, text(b.unit), text(b.precision), text(b.collectFormula), text(b.controlFormula),
      text(b.alarmExpression), b.uiType, text(b.min), text(b.max), text(b.step), text(b.defaultValue),
    ];
    const saved = id === null ? insertParam(data, modelId, values) : (updateParam(data, id, values), id);
    return ok(paramAnswer(data, saved));
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
      const modelId = paramModel(tenantData(request), request.params.pid);
      if (modelId === undefined) return fail(say(request, 'noParam'));
      return saveParam(request, modelId, request.params.pid);
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
