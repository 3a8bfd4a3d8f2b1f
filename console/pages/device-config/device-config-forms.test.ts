// The device-config forms declared once (console/pages/device-config/index.tsx): a category's name, a
// model (its category sent as a number) and a model parameter (every field as trimmed text, the sample
// not sent) — the bodies they send and the shared schemas' messages.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceCategory, ModelRow, ParamRow } from '../../../shared/api/device-model-types.ts';
import { envOf, messagesOf, recordRequests, send, valuesOf } from '../../resource/form-test.ts';
import { categoryForm, deviceModelResource, paramForm } from './index.tsx';

const modelForm = deviceModelResource.form!;
const category: DeviceCategory = { id: 2, name: 'HVAC', modelCount: 1 };
const model: ModelRow = { id: 6, code: 'FCU1', name: 'Fan coil', categoryId: 2, categoryName: 'HVAC', description: '', paramCount: 0, deviceCount: 0 };
const param: ParamRow = {
  id: 31,
  modelId: 6,
  name: 'Temperature',
  code: 'temp',
  dataType: 'float',
  access: 'rw',
  unit: '°C',
  precision: '1',
  collectFormula: 'x / 10',
  controlFormula: '',
  alarmExpression: 'x > 30',
  uiType: 'gauge',
  min: '-20',
  max: '60',
  step: '0.1',
  defaultValue: '22',
};

afterEach(() => vi.unstubAllGlobals());

describe('the category form', () => {
  const env = envOf(undefined);
  it('adds or renames a category with the trimmed name', async () => {
    const sent = recordRequests(() => ({ id: 2 }));
    expect(valuesOf(categoryForm, category, env)).toEqual({ name: 'HVAC' });
    expect(await send(categoryForm, null, env, { name: ' Lifts ' }, sent)).toEqual([{ method: 'POST', url: '/api/device/category', body: { name: 'Lifts' } }]);
    expect(await send(categoryForm, category, env, { name: 'Air' }, sent)).toEqual([{ method: 'PUT', url: '/api/device/category/2', body: { name: 'Air' } }]);
  });
  it('gives categorySchema’s messages', () => {
    expect(messagesOf(categoryForm, null, env, { name: 'x'.repeat(65) })).toEqual({ name: ['长度须为 1 到 64 个字符', 'Length must be 1 to 64 characters'] });
  });
});

describe('the model form', () => {
  const env = envOf({ categories: [category], categoryId: 2, loadCategories: () => undefined, setOpen: () => undefined });
  it('opens a new model in the chosen category and sends the category as a number', async () => {
    const sent = recordRequests();
    const values = valuesOf(modelForm, null, env, { code: ' AHU2 ', name: ' Air handler ' });
    expect(values.categoryId).toBe('2');
    expect(await send(modelForm, null, env, values, sent)).toEqual([{ method: 'POST', url: '/api/device/model', body: { code: 'AHU2', name: 'Air handler', categoryId: 2, description: '' } }]);
    expect((await send(modelForm, model, env, valuesOf(modelForm, model, env), sent))[0]).toMatchObject({ method: 'PUT', url: '/api/device/model/6', body: { code: 'FCU1', categoryId: 2 } });
  });
});

describe('the parameter form', () => {
  const env = envOf({ modelId: 6 });
  it('creates a parameter of the model with every field as trimmed text and no sample', async () => {
    const sent = recordRequests();
    const values = valuesOf(paramForm, null, env, { name: ' Humidity ', code: 'rh', precision: ' 0 ', min: '0', max: '100', sample: '25', collectFormula: ' x / 10 ' });
    expect(await send(paramForm, null, env, values, sent)).toEqual([
      {
        method: 'POST',
        url: '/api/device/model/6/param',
        body: { name: 'Humidity', code: 'rh', dataType: 'float', access: 'r', uiType: 'gauge', unit: '', precision: '0', min: '0', max: '100', step: '', defaultValue: '', collectFormula: 'x / 10', controlFormula: '', alarmExpression: '' },
      },
    ]);
  });

  it('opens an edited parameter with its own values and saves it under its id', async () => {
    const sent = recordRequests();
    const values = valuesOf(paramForm, param, env);
    expect(values).toMatchObject({ access: 'rw', min: '-20', sample: '' });
    const { id: _id, modelId: _model, ...body } = param;
    expect(await send(paramForm, param, env, values, sent)).toEqual([{ method: 'PUT', url: '/api/device/model/param/31', body }]);
  });

  it('gives paramSchema’s messages', () => {
    const values = valuesOf(paramForm, null, env, { name: 'T', code: 'a^b', precision: '7' });
    expect(messagesOf(paramForm, null, env, values)).toEqual({
      code: ['不能包含 { } [ ] ^ 字符', 'Must not contain { } [ ] or ^'],
      precision: ['请输入 0 到 6 之间的整数', 'Please enter an integer from 0 to 6'],
    });
  });
});
