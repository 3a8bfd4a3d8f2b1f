// The device model operations (devmng/config; SPEC §3 "model parameter"): major categories, the models
// under them and each model's parameters, per tenant. The schema holds the types, the longest values
// and no control characters; the forms' own rules (shared/validate/device-model.ts: required after
// trimming, alphanumeric model codes, formulas and alarm expressions parsed, min/max/default ranges)
// run on the platform too, with the forms' messages.
import Type from 'typebox';
import { PARAM_ACCESS, PARAM_DATA_TYPES, PARAM_UI_TYPES } from '../api/device-model-types.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, MAX_ID, Int, MAX_LIMIT, OneOf, Paging, Strict, Text, PageOf } from './fields.ts';

const TAG = 'Device model';
/** Categories and parameters have their own id spaces, so their own tags (the conformance suite reads a tag's rows as one id space). */
const CATEGORY_TAG = 'Device category';
const PARAM_TAG = 'Model parameter';
const reader = { anyMenu: ['devManager', 'MonitorOPS'] } as const;
const writer = { menu: 'devManager' } as const;
const Deleted = Strict({ deleted: Type.Integer({ minimum: 0 }) });

export const DeviceCategory = Strict({ id: Id(), name: Type.String(), modelCount: Type.Integer({ minimum: 0 }) });
export const CategorySave = Strict({ name: Text(1, 64, { description: "The category's name (trimmed), unique in the tenant" }) });
export const CategorySaved = Strict({ id: Id(), name: Type.String() });

export const ModelRow = Strict({
  id: Id(),
  code: Type.String(),
  name: Type.String(),
  categoryId: Id(),
  categoryName: Type.String(),
  description: Type.String(),
  paramCount: Type.Integer({ minimum: 0 }),
  deviceCount: Type.Integer({ minimum: 0 }),
});
export const ModelPage = PageOf(ModelRow);
export const ModelQuery = Strict({ ...Paging, categoryId: Type.Optional(Int(1, MAX_ID)), keyword: Type.Optional(Text(0, 64, { description: "Text in the model's code or name" })) });
export const ModelSave = Strict({
  code: Text(1, 32, { description: 'Letters and digits, unique in the tenant' }),
  name: Text(1, 64),
  categoryId: Id({ description: 'A category of the tenant' }),
  description: Type.Optional(Text(0, 255, { multiline: true })),
});
export const ModelOption = Strict({ id: Id(), code: Type.String(), name: Type.String() });

/** A number as typed (text, '' for none) or as a JSON number. */
const Typed = (description: string) => Type.Optional(Type.Union([Text(0, 32), Type.Number()], { description: `${description}; text as typed ('' for none) or a number` }));
const Formula = (description: string) => Type.Optional(Text(0, 200, { description: `${description}; only the variable x` }));

export const ParamSave = Strict({
  name: Text(1, 64),
  code: Text(1, 64, { description: 'Unique in the model; no { } [ ] ^' }),
  dataType: OneOf(PARAM_DATA_TYPES),
  access: OneOf(PARAM_ACCESS, { description: 'r read-only, rw writable (control)' }),
  unit: Type.Optional(Text(0, 16)),
  precision: Typed('Decimals 0..6'),
  collectFormula: Formula("Raw value x → stored value, e.g. 'x / 10'"),
  controlFormula: Formula("Wanted value x → value written to the device, e.g. 'x * 10'"),
  alarmExpression: Formula("Alarm when true for the stored value x, e.g. 'x > 35'"),
  uiType: OneOf(PARAM_UI_TYPES),
  min: Typed('Lowest value'),
  max: Typed('Highest value'),
  step: Typed('Step'),
  defaultValue: Typed('Default value, within min and max'),
});

/** A parameter as answered: numbers as the text stored ('' = none). */
export const ParamRow = Strict({
  id: Id(),
  modelId: Id(),
  name: Type.String(),
  code: Type.String(),
  dataType: OneOf(PARAM_DATA_TYPES),
  access: OneOf(PARAM_ACCESS),
  unit: Type.String(),
  precision: Type.String(),
  collectFormula: Type.String(),
  controlFormula: Type.String(),
  alarmExpression: Type.String(),
  uiType: OneOf(PARAM_UI_TYPES),
  min: Type.String(),
  max: Type.String(),
  step: Type.String(),
  defaultValue: Type.String(),
});
export const ParamPage = PageOf(ParamRow);

const IdsBody = Strict({ ids: Ids(MAX_LIMIT) });
const sampleParam = { name: 'Temperature', code: 'temp', dataType: 'float', access: 'r', unit: '°C', precision: '1', collectFormula: 'x / 10', controlFormula: '', alarmExpression: 'x > 30', uiType: 'gauge', min: '-20', max: '60', step: '0.1', defaultValue: '22' } as const;

export const ops = {
  categories: operation({
    method: 'GET', path: '/api/device/category', rights: reader, tag: CATEGORY_TAG,
    summary: "The tenant's major categories, by name, with their model counts",
    description: "Names in the caller's language.",
    data: Type.Array(DeviceCategory),
    examples: { data: [{ id: 1, name: 'HVAC', modelCount: 3 }] },
  }),
  categoryCreate: operation({
    method: 'POST', path: '/api/device/category', rights: writer, tag: CATEGORY_TAG,
    summary: 'Adds a major category',
    description: 'Refused (naming name) when the tenant already has a category of that name in either language.',
    body: CategorySave, data: CategorySaved,
    examples: { body: { name: 'Lifts' }, data: { id: 7, name: 'Lifts' } },
  }),
  categoryUpdate: operation({
    method: 'PUT', path: '/api/device/category/:id', rights: writer, tag: CATEGORY_TAG,
    summary: 'Renames a major category',
    description: "Refused when the category is not the tenant's or the name is taken.",
    params: IdParams, body: CategorySave, data: CategorySaved,
    examples: { params: { id: 7 }, body: { name: 'Elevators' }, data: { id: 7, name: 'Elevators' } },
  }),
  categoryDelete: operation({
    method: 'DELETE', path: '/api/device/category/:id', rights: writer, tag: CATEGORY_TAG,
    summary: 'Deletes an empty major category',
    description: "Refused while the category holds models, or when it is not the tenant's.",
    params: IdParams, data: Deleted,
    examples: { params: { id: 7 }, data: { deleted: 1 } },
  }),
  modelPage: operation({
    method: 'POST', path: '/api/device/model/page', rights: reader, tag: TAG,
    summary: 'Models, by code, paged, with their parameter and device counts',
    description: 'Filtered by category and by a keyword in the code or name.',
    body: ModelQuery, data: ModelPage,
    examples: { body: { page: 1, limit: 20, categoryId: 1 }, data: { rows: [{ id: 2, code: 'THS1', name: 'Temperature and humidity sensor', categoryId: 1, categoryName: 'HVAC', description: '', paramCount: 2, deviceCount: 40 }], total: 1 } },
  }),
  modelAll: operation({
    method: 'GET', path: '/api/device/model/all', rights: reader, tag: TAG,
    summary: "Every model of the tenant as a choice (id, code, name)",
    description: 'By code; for pickers.',
    data: Type.Array(ModelOption),
    examples: { data: [{ id: 2, code: 'THS1', name: 'Temperature and humidity sensor' }] },
  }),
  modelCreate: operation({
    method: 'POST', path: '/api/device/model', rights: writer, tag: TAG,
    summary: 'Adds a model under a category',
    description: "Refused naming the field: a category that is not the tenant's, a code already used.",
    body: ModelSave, data: Strict({ id: Id() }),
    examples: { body: { code: 'LFT1', name: 'Lift controller', categoryId: 7 }, data: { id: 9 } },
  }),
  modelUpdate: operation({
    method: 'PUT', path: '/api/device/model/:id', rights: writer, tag: TAG,
    summary: "Edits a model's code, name, category and description",
    description: 'As for a new model; refused when the model is not the tenant\'s.',
    params: IdParams, body: ModelSave, data: Strict({ id: Id() }),
    examples: { params: { id: 9 }, body: { code: 'LFT1', name: 'Lift controller', categoryId: 7, description: 'Machine room' }, data: { id: 9 } },
  }),
  modelDelete: operation({
    method: 'POST', path: '/api/device/model/delete', rights: writer, tag: TAG,
    summary: 'Deletes models with their parameters, all or none',
    description: "Refused when an id is not one of the tenant's models, or a model is used by devices.",
    body: IdsBody, data: Deleted,
    examples: { body: { ids: [9] }, data: { deleted: 1 } },
  }),
  paramPage: operation({
    method: 'POST', path: '/api/device/model/:id/param/page', rights: reader, tag: PARAM_TAG,
    summary: "A model's parameters, in the order they were added, paged",
    description: "Refused when the model is not the tenant's.",
    params: IdParams, body: Strict({ ...Paging }), data: ParamPage,
    examples: { params: { id: 2 }, body: { page: 1, limit: 20 }, data: { rows: [{ id: 5, modelId: 2, ...sampleParam }], total: 1 } },
  }),
  paramCreate: operation({
    method: 'POST', path: '/api/device/model/:id/param', rights: writer, tag: PARAM_TAG,
    summary: 'Adds a parameter to a model',
    description: "The form's rules: formulas and the alarm expression parsed (only x), min ≤ default ≤ max, precision 0..6; refused (naming code) when the model has the code already.",
    params: IdParams, body: ParamSave, data: ParamRow,
    examples: { params: { id: 2 }, body: sampleParam, data: { id: 5, modelId: 2, ...sampleParam } },
  }),
  paramUpdate: operation({
    method: 'PUT', path: '/api/device/model/param/:pid', rights: writer, tag: PARAM_TAG,
    summary: 'Edits a parameter',
    description: "As for a new parameter; refused when the parameter is not the tenant's.",
    params: Strict({ pid: Id() }), body: ParamSave, data: ParamRow,
    examples: { params: { pid: 5 }, body: sampleParam, data: { id: 5, modelId: 2, ...sampleParam } },
  }),
  paramDelete: operation({
    method: 'POST', path: '/api/device/model/param/delete', rights: writer, tag: PARAM_TAG,
    summary: 'Deletes parameters, all or none',
    description: "Refused when an id is not one of the tenant's parameters.",
    body: IdsBody, data: Deleted,
    examples: { body: { ids: [5] }, data: { deleted: 1 } },
  }),
};
