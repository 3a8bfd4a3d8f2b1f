// Device models (devManager devmng/config, configManage) on the resource kit: the major categories
// beside the list (add, rename, delete an empty one), the models of the chosen category (create, edit,
// delete unless devices use them) and each model's parameters in a dialog of their own — with the
// formulas and the alarm expression checked by the shared parser as they are typed (the message names
// the character) and tried against a sample value ("collection formula of 25 gives 2.5").
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createCategory, createModel, createParam, deleteCategory, deleteModels, deleteParams, listCategories, listModels, listParams, renameCategory, updateModel, updateParam } from '../../../shared/api/device-model.ts';
import { PARAM_ACCESS, PARAM_DATA_TYPES, PARAM_UI_TYPES, type DeviceCategory, type ModelRow, type ModelSave, type ParamRow, type ParamSave } from '../../../shared/api/device-model-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { categorySchema, modelSchema, paramSchema } from '../../../shared/validate/device-model.ts';
import { evaluateText } from '../../../shared/validate/expression.ts';
import { toNumber } from '../../../shared/validate/numbers.ts';
import { ConfirmDelete, defineForm, defineResource, FormDialog, Modal, ResourcePage, Tree, type Env, type FormValues, text } from '../../resource/index.ts';
import * as css from '../../resource/resource.css.ts';
import './texts.ts';

const ALL = 'all';

type Open = { kind: 'category'; category: DeviceCategory | null } | { kind: 'deleteCategory'; category: DeviceCategory } | { kind: 'params'; model: ModelRow } | null;

/** What the model list reaches on the page: the categories (the form's choices), the chosen one, their reload and the parameters dialog. */
interface DeviceConfigPageState {
  categories: readonly DeviceCategory[];
  categoryId: number | null;
  loadCategories: () => void;
  setOpen: (open: Open) => void;
}

export const deviceModelResource = defineResource<ModelRow, DeviceConfigPageState>({
  id: 'device-model',
  operation: 'deviceModel.modelPage',
  scope: ['categoryId'],
  titleKey: 'models.title',
  rowKey: (m) => m.id,
  rowName: (m) => `${m.code} ${m.name}`,
  columns: [
    { id: 'code', headerKey: 'models.field.code', field: 'code' },
    { id: 'name', headerKey: 'models.field.name', field: 'name' },
    { id: 'category', headerKey: 'models.field.category', field: 'categoryName' },
    { id: 'params', headerKey: 'models.field.params', field: 'paramCount' },
    { id: 'devices', headerKey: 'models.field.devices', field: 'deviceCount' },
    { id: 'description', headerKey: 'models.field.description', field: 'description' },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'models.field.keyword' }],
  list: (q, signal) =>
    listModels(
      http,
      { page: q.page, limit: q.limit, ...(text(q.filters.keyword as string) ? { keyword: text(q.filters.keyword as string) } : {}), ...(q.filters.categoryId ? { categoryId: Number(q.filters.categoryId) } : {}) },
      signal,
    ),
  form: {
    saves: { create: 'deviceModel.modelCreate', update: 'deviceModel.modelUpdate' },
    fields: (m, { page }) => [
      { kind: 'text', name: 'code', labelKey: 'models.field.code', rules: modelSchema.code, initial: m?.code ?? '' },
      { kind: 'text', name: 'name', labelKey: 'models.field.name', rules: modelSchema.name, initial: m?.name ?? '' },
      {
        kind: 'select',
        name: 'categoryId',
        labelKey: 'models.field.category',
        options: page.categories.map((c) => ({ value: String(c.id), label: c.name })),
        emptyLabelKey: 'models.field.category',
        rules: modelSchema.categoryId,
        initial: String(m?.categoryId ?? page.categoryId ?? ''),
        as: 'number',
      },
      { kind: 'textarea', name: 'description', labelKey: 'models.field.description', rules: modelSchema.description, initial: m?.description ?? '' },
    ],
    save: async (body, m, { page }) => {
      const save = body as ModelSave;
      await (m ? updateModel(http, m.id, save) : createModel(http, save));
      page.loadCategories();
    },
  },
  remove: async (rows, { page }) => {
    await deleteModels(http, rows.map((m) => m.id));
    page.loadCategories();
  },
  canRemove: (m) => m.deviceCount === 0,
  rowActions: [{ key: 'params', labelKey: 'models.params', run: (m, _reload, { page }) => page.setOpen({ kind: 'params', model: m }) }],
});

/** A major category's form declared once (categorySchema's rule): add or rename. */
export const categoryForm = defineForm<DeviceCategory>({
  saves: { create: 'deviceModel.categoryCreate', update: 'deviceModel.categoryUpdate' },
  fields: () => [{ kind: 'text', name: 'name', labelKey: 'models.categoryName', rules: categorySchema.name, initial: (c) => c?.name ?? '' }],
  save: async ({ name }, c) => {
    await (c ? renameCategory(http, c.id, name as string) : createCategory(http, name as string));
    notify({ kind: 'toast', level: 'success', duration: 2000, key: 'resource.saved' });
  },
});

export default function DeviceConfigPage() {
  const { t } = useTranslation();
  const [categories, setCategories] = useState<DeviceCategory[]>([]);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);
  const loadCategories = useCallback(() => listCategories(http).then(setCategories, () => undefined), []);
  useEffect(() => {
    void loadCategories();
  }, [loadCategories]);
  const current = categories.find((c) => c.id === categoryId) ?? null;

  const def = deviceModelResource;

  const side = (
    <>
      <Tree
        label={t('models.categories')}
        items={[{ id: ALL, name: t('models.allCategories') }, ...categories.map((c) => ({ id: String(c.id), name: `${c.name} (${c.modelCount})` }))]}
        selected={categoryId === null ? ALL : String(categoryId)}
        onSelect={(id) => setCategoryId(id === ALL ? null : Number(id))}
        testId="categories"
      />
      <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'category', category: null })} data-action="add-category">
        {t('models.addCategory')}
      </button>
      {current && (
        <>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'category', category: current })} data-action="rename-category">
            {t('models.renameCategory')}
          </button>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'deleteCategory', category: current })} data-action="delete-category">
            {t('models.deleteCategory')}
          </button>
        </>
      )}
    </>
  );

  return (
    <div data-page="device-config">
      <ResourcePage
        def={def}
        page={{ categories, categoryId, loadCategories: () => void loadCategories(), setOpen }}
        scope={categoryId !== null ? { categoryId: String(categoryId) } : {}}
        side={side}
        version={version}
      />
      {open?.kind === 'category' && (
        <FormDialog
          title={t(open.category ? 'models.renameCategory' : 'models.addCategory')}
          row={open.category}
          form={categoryForm}
          onClose={(saved) => {
            setOpen(null);
            if (saved) {
              void loadCategories();
              setVersion((n) => n + 1);
            }
          }}
        />
      )}
      {open?.kind === 'deleteCategory' && (
        <ConfirmDelete
          names={[open.category.name]}
          run={() => deleteCategory(http, open.category.id)}
          onClose={(deleted) => {
            setOpen(null);
            if (!deleted) return;
            setCategoryId(null);
            void loadCategories();
          }}
        />
      )}
      {open?.kind === 'params' && (
        <ParamsDialog
          model={open.model}
          onClose={() => {
            setOpen(null);
            setVersion((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}

/** A parameter's fields as the form holds them (text). */
type ParamField = keyof ParamSave;
const optionsOf = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, labelKey: `${prefix}.${v}` }));
const sampleOf = (v: FormValues) => toNumber(text(v.sample));
/** A formula's hint: what it gives for the sample value typed (null while either is missing or it does not evaluate). */
const tryWith =
  (key: string, formulaField: string, format: (value: number, t: TFunction) => Record<string, string | number>) =>
  (v: FormValues, { t }: Env<ParamsPage>) => {
    const x = sampleOf(v);
    const formula = text(v[formulaField]);
    if (x === null || !formula) return null;
    const value = evaluateText(formula, { x });
    return value === null ? null : t(key, { sample: x, ...format(value, t) });
  };

/** What the parameter list reaches in its dialog: the model whose parameters it lists (also its scope, the path's id). */
interface ParamsPage {
  modelId: number;
}

/** The value a parameter field opens with: the edited parameter's own, as text ('' for a new one unless `fresh`). */
const ofParam =
  (f: ParamField, fresh = '') =>
  (p: ParamRow | null) =>
    p ? String(p[f]) : fresh;
const paramText = (f: ParamField, fresh?: string) => ({ kind: 'text' as const, name: f, labelKey: `models.param.${f}`, rules: paramSchema[f], initial: ofParam(f, fresh) });
const paramSelect = (f: 'dataType' | 'access' | 'uiType', values: readonly string[], prefix: string, fresh: string) => ({
  kind: 'select' as const,
  name: f,
  labelKey: `models.param.${f}`,
  options: optionsOf(values, prefix),
  rules: paramSchema[f],
  initial: ofParam(f, fresh),
});

/** A model parameter's form declared once: paramSchema's rules per field, the sample only for trying the formulas (not sent). */
export const paramForm = defineForm<ParamRow, ParamsPage>({
  saves: { create: 'deviceModel.paramCreate', update: 'deviceModel.paramUpdate' },
  wide: true,
  fields: () => [
    paramText('name'),
    paramText('code'),
    paramSelect('dataType', PARAM_DATA_TYPES, 'models.dataType', 'float'),
    paramSelect('access', PARAM_ACCESS, 'models.access', 'r'),
    paramSelect('uiType', PARAM_UI_TYPES, 'models.uiType', 'gauge'),
    paramText('unit'),
    paramText('precision'),
    paramText('min'),
    paramText('max'),
    paramText('step'),
    paramText('defaultValue'),
    { kind: 'text', name: 'sample', labelKey: 'models.param.sample', as: false },
    paramText('collectFormula'),
    paramText('controlFormula'),
    paramText('alarmExpression'),
  ],
  hints: {
    collectFormula: tryWith('models.tryCollect', 'collectFormula', (value) => ({ value })),
    controlFormula: tryWith('models.tryControl', 'controlFormula', (value) => ({ value })),
    alarmExpression: tryWith('models.tryAlarm', 'alarmExpression', (value, t) => ({ result: t(value ? 'models.alarmYes' : 'models.alarmNo') })),
  },
  save: async (body, p, { page }) => {
    const save = body as ParamSave;
    await (p ? updateParam(http, p.id, save) : createParam(http, page.modelId, save));
  },
});

export const modelParamResource = defineResource<ParamRow, ParamsPage>({
  id: 'model-param',
  operation: 'deviceModel.paramPage',
  scope: ['id'],
  titleKey: 'models.params',
  rowKey: (p) => p.id,
  rowName: (p) => `${p.code} ${p.name}`,
  columns: [
    { id: 'code', headerKey: 'models.param.code', field: 'code' },
    { id: 'name', headerKey: 'models.param.name', field: 'name' },
    { id: 'dataType', headerKey: 'models.param.dataType', field: 'dataType', cell: (p, { t }) => t(`models.dataType.${p.dataType}`) },
    { id: 'access', headerKey: 'models.param.access', field: 'access', cell: (p, { t }) => t(`models.access.${p.access}`) },
    { id: 'unit', headerKey: 'models.param.unit', field: 'unit' },
    { id: 'range', headerKey: 'models.param.min', field: ['min', 'max'], cell: (p) => (p.min || p.max ? `${p.min} … ${p.max}` : '') },
    { id: 'collect', headerKey: 'models.param.collectFormula', field: 'collectFormula' },
    { id: 'alarm', headerKey: 'models.param.alarmExpression', field: 'alarmExpression' },
  ],
  list: (q, signal) => listParams(http, Number(q.filters.id), { page: q.page, limit: q.limit }, signal),
  form: paramForm,
  remove: (rows) => deleteParams(http, rows.map((p) => p.id)),
});

function ParamsDialog({ model, onClose }: { model: ModelRow; onClose: () => void }) {
  const { t } = useTranslation();
  const def = modelParamResource;
  return (
    <Modal title={t('models.paramsOf', { name: `${model.code} ${model.name}` })} onClose={onClose} wide testId="model-params">
      <ResourcePage def={def} page={{ modelId: model.id }} scope={{ id: String(model.id) }} />
      <div className={css.toolbar}>
        <button type="button" className={buttonGhost} onClick={onClose} data-action="close-params">
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}
