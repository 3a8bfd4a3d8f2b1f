// Device models: seeded categories, models and parameters with devices attached; the shared rules
// (expressions with the error's position, min ≤ default ≤ max, codes) on the platform's side; kept
// while in use; nothing of one tenant visible or writable by another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, login, removeDir, start, type Running } from '../testing.ts';
import { tenantDataOf } from '../tenant-data.ts';
import { listModels, listParams, modelCodeTaken, modelParams, modelsFound } from './device-model-data.ts';

describe('device models', () => {
  let s: Running;
  let admin: string;
  let admin2: string;
  let viewer: string;
  const en = { lang: 'en' };
  beforeAll(async () => {
    s = await start({ faults: true });
    [admin, admin2, viewer] = await Promise.all([login(s.base, 'admin', 'admin123'), login(s.base, 'admin2', 'admin123'), login(s.base, 'viewer', 'viewer123')]);
  });
  afterAll(async () => {
    await s.stop();
    removeDir(s.dir);
  });

  it('seeds categories, models with parameters, and gives the seeded devices their model', async () => {
    const categories = (await api(s.base, 'GET', '/api/device/category', { token: admin, headers: en })).body.data as Array<{ name: string; modelCount: number }>;
    expect(categories.map((c) => c.name)).toEqual(['HVAC', 'Power', 'Safety', 'Water']);
    const models = (await api(s.base, 'POST', '/api/device/model/page', { token: admin, body: { page: 1, limit: 100 } })).body.data;
    expect(models.total).toBe(8);
    const fcu = models.rows.find((m: { code: string }) => m.code === 'FCU100');
    expect(fcu.paramCount).toBe(3);
    expect(fcu.deviceCount).toBeGreaterThan(0);
  });

  it('names seeded categories, models and parameters in the caller\'s language; a rename kept as shown keeps both', async () => {
    const page = async (headers: Record<string, string>) => (await api(s.base, 'POST', '/api/device/model/page', { token: admin, body: { page: 1, limit: 100, keyword: 'FCU100' }, headers })).body.data.rows[0];
    expect(await page({ lang: 'zh-CN' })).toMatchObject({ name: '风机盘管', categoryName: '暖通空调' });
    expect(await page(en)).toMatchObject({ name: 'Fan coil unit', categoryName: 'HVAC' });
    // Either name finds it.
    expect((await api(s.base, 'POST', '/api/device/model/page', { token: admin, body: { page: 1, limit: 10, keyword: 'Fan coil' } })).body.data.total).toBe(1);
    const fcu = await page(en);
    const params = async (headers: Record<string, string>) => ((await api(s.base, 'POST', `/api/device/model/${fcu.id}/param/page`, { token: admin, body: { page: 1, limit: 10 }, headers })).body.data.rows as Array<{ code: string; name: string }>).map((p) => p.name);
    expect(await params({ lang: 'zh-CN' })).toEqual(['供水温度', '设定温度', '风机运行']);
    expect(await params(en)).toEqual(['Supply temperature', 'Set point', 'Fan on']);
    // An English user saving the model with the name they were shown keeps the Chinese one...
    expect((await api(s.base, 'PUT', `/api/device/model/${fcu.id}`, { token: admin, body: { code: 'FCU100', name: 'Fan coil unit', categoryId: fcu.categoryId, description: 'ceiling units' }, headers: en })).body.code).toBe(0);
    expect(await page({ lang: 'zh-CN' })).toMatchObject({ name: '风机盘管', description: 'ceiling units' });
    // ...and a name typed anew is the name in both languages.
    expect((await api(s.base, 'PUT', `/api/device/model/${fcu.id}`, { token: admin, body: { code: 'FCU100', name: 'FCU (ceiling)', categoryId: fcu.categoryId }, headers: en })).body.code).toBe(0);
    expect((await page({ lang: 'zh-CN' })).name).toBe('FCU (ceiling)');
    expect((await page(en)).name).toBe('FCU (ceiling)');
  });

  it('creates a category, a model and parameters, refusing bad ones with the shared messages', async () => {
    const cat = await api(s.base, 'POST', '/api/device/category', { token: admin, body: { name: 'Lifts' } });
    expect(cat.body.code).toBe(0);
    const model = await api(s.base, 'POST', '/api/device/model', { token: admin, body: { code: 'ELV9', name: 'Elevator', categoryId: cat.body.data.id } });
    expect(model.body.code).toBe(0);
    const id = model.body.data.id as number;
    expect((await api(s.base, 'POST', '/api/device/model', { token: admin, body: { code: 'ELV9', name: 'Again', categoryId: cat.body.data.id }, headers: en })).body).toMatchObject({
      code: -1,
      msg: 'model code ELV9 already exists',
      data: { field: 'code' },
    });
    const param = (over: Record<string, unknown>) =>
      api(s.base, 'POST', `/api/device/model/${id}/param`, { token: admin, body: { name: 'Load', code: 'load', dataType: 'float', access: 'r', uiType: 'gauge', min: 0, max: 1000, defaultValue: 0, collectFormula: 'x / 10', ...over }, headers: en });
    const bad = await param({ collectFormula: 'x ** 2' });
    expect(bad.body).toMatchObject({ code: -1, data: { field: 'collectFormula' } });
    expect(bad.body.msg).toContain('At character 3');
    expect((await param({ alarmExpression: 'y > 3' })).body.msg).toContain('y cannot be used here');
    expect((await param({ defaultValue: 2000 })).body.data.field).toBe('defaultValue');
    expect((await param({ code: 'lo{ad' })).body.data.field).toBe('code');
    expect((await param({ dataType: 'string' })).body.data.field).toBe('dataType');
    const good = await param({ alarmExpression: 'x >= 900' });
    expect(good.body.data).toMatchObject({ code: 'load', min: '0', max: '1000', defaultValue: '0', collectFormula: 'x / 10' });
    expect((await param({})).body).toMatchObject({ code: -1, msg: 'parameter code load already exists in this model' });
    const list = (await api(s.base, 'POST', `/api/device/model/${id}/param/page`, { token: viewer, body: { page: 1, limit: 10 } })).body;
    expect(list.code).toBe(40301); // the viewer has no device menus
    const mine = (await api(s.base, 'POST', `/api/device/model/${id}/param/page`, { token: admin, body: { page: 1, limit: 10 } })).body.data;
    expect(mine.total).toBe(1);
    // The category holds a model; the model's parameters go with it.
    expect((await api(s.base, 'DELETE', `/api/device/category/${cat.body.data.id}`, { token: admin, headers: en })).body.msg).toBe('the category still holds 1 model and cannot be deleted');
    expect((await api(s.base, 'POST', '/api/device/model/delete', { token: admin, body: { ids: [id] } })).body.data.deleted).toBe(1);
    expect((await api(s.base, 'DELETE', `/api/device/category/${cat.body.data.id}`, { token: admin })).body.code).toBe(0);
  });

  it('keeps a model in use and shows another tenant nothing', async () => {
    const fcu = (await api(s.base, 'POST', '/api/device/model/page', { token: admin, body: { page: 1, limit: 10, keyword: 'FCU' } })).body.data.rows[0];
    const inUse = await api(s.base, 'POST', '/api/device/model/delete', { token: admin, body: { ids: [fcu.id] }, headers: en });
    expect(inUse.body.msg).toMatch(/^the model is used by \d+ devices and cannot be deleted$/);
    expect((await api(s.base, 'POST', '/api/device/model/delete', { token: admin2, body: { ids: [fcu.id] } })).body.code).toBe(-1);
    expect((await api(s.base, 'PUT', `/api/device/model/${fcu.id}`, { token: admin2, body: { code: 'X1', name: 'Taken', categoryId: fcu.categoryId } })).body.code).toBe(-1);
    expect((await api(s.base, 'POST', `/api/device/model/${fcu.id}/param/page`, { token: admin2, body: { page: 1, limit: 10 } })).body.code).toBe(-1);
    const theirs = (await api(s.base, 'POST', '/api/device/model/page', { token: admin2, body: { page: 1, limit: 100 } })).body.data.rows as Array<{ id: number }>;
    expect(theirs.some((m) => m.id === fcu.id)).toBe(false);
  });

  it("the data module (device-model-data.ts) works on a tenant's data without HTTP and never reaches another tenant's models", () => {
    const db = s.app.atrium.db;
    const [one, two] = [tenantDataOf(db, 1), tenantDataOf(db, 2)];
    const mine = listModels(one, { page: 1, limit: 100, keyword: 'FCU100' });
    expect(mine.rows.map((m) => m.code)).toEqual(['FCU100']);
    const fcu = mine.rows[0]!;
    expect(modelParams(one, fcu.id).map((p) => p.code)).toEqual(['temp', 'setpoint', 'fan']);
    expect(listParams(one, fcu.id, 1, 2)).toMatchObject({ total: 3, rows: [{ code: 'temp' }, { code: 'setpoint' }] });
    // Tenant 2 has its own FCU100, with its own id: tenant 1's model id reaches nothing through tenant 2's data.
    const theirs = listModels(two, { page: 1, limit: 100, keyword: 'FCU100' }).rows.map((m) => m.id);
    expect(theirs).not.toContain(fcu.id);
    expect(modelsFound(two, [fcu.id])).toBe(0);
    expect(modelParams(two, fcu.id)).toEqual([]);
    expect(listParams(two, fcu.id, 1, 20)).toEqual({ rows: [], total: 0 });
    expect(modelCodeTaken(one, 'FCU100', 0)).toBe(true);
    expect(modelCodeTaken(one, 'FCU100', fcu.id)).toBe(false);
  });
});
