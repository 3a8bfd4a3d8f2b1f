// Alarm rules: a rule on a model parameter raises alarms from the simulated values with its level,
// content and event type; the ban stops a repeat until it runs out (a later clock); bad rules are
// refused with the shared messages; another tenant sees and changes nothing.
import { describe, expect, it } from 'vitest';
import { usePlatform } from '../test-platform.ts';

describe('alarm rules', () => {
  const p = usePlatform();
  const { call } = p;
  const tick = (at?: number) => fetch(`${p.s.base}/__test/points/tick`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(at ? { at } : {}) }).then((r) => r.json());
  const count = (ruleLevel: string) =>
    (p.s.app.atrium.db.prepare("SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = 1 AND level = ? AND content_en LIKE '%Supply temperature is%'").get(ruleLevel) as { n: number }).n;

  it('raises alarms from values with the rule level, content and event type, once per ban', async () => {
    const { admin, admin2, s } = p;
    const model = (await call(admin, 'GET', '/api/device/model/all')).data.find((m: { code: string }) => m.code === 'FCU100');
    const eventType = (await call(admin, 'POST', '/api/alarm/event-type', { number: 7, name: 'Overheat' })).data;
    const body = { modelId: model.id, paramCode: 'temp', expression: 'x > 0', level: 'critical', content: '{device}: {param} is {value} {unit}', eventTypeId: eventType.id, banHours: 24, noticeHours: 24 };
    expect((await call(admin, 'POST', '/api/alarm/rule', { ...body, expression: 'x ** 2' })).msg).toContain('At character 3');
    expect((await call(admin, 'POST', '/api/alarm/rule', { ...body, paramCode: 'nope' })).msg).toBe('the model has no parameter nope; it has: temp, setpoint, fan');
    expect((await call(admin, 'POST', '/api/alarm/rule', { ...body, level: 'panic' })).code).toBe(-1);
    expect((await call(admin, 'POST', '/api/alarm/rule', { ...body, banHours: 1000 })).code).toBe(-1);
    expect((await call(admin2, 'POST', '/api/alarm/rule', body)).msg).toBe('no such model');
    const made = await call(admin, 'POST', '/api/alarm/rule', body);
    expect(made.data).toMatchObject({ paramCode: 'temp', level: 'critical', eventTypeName: 'Overheat', enabled: true, banHours: 24 });

    await tick();
    // Every device of the model online in that round (one never heard from comes online in it, on an online gateway).
    const devices = (s.app.atrium.db.prepare("SELECT COUNT(*) AS n FROM device WHERE tenant_id = 1 AND model_id = ? AND status = 'online'").get(model.id) as { n: number }).n;
    expect(count('critical')).toBe(devices);
    const alarm = s.app.atrium.db.prepare("SELECT content_en, event_type_id, notice_until, occurred_at FROM alarm WHERE content_en LIKE '%Supply temperature is%' LIMIT 1").get() as {
      content_en: string;
      event_type_id: number;
      notice_until: number;
      occurred_at: number;
    };
    expect(alarm.content_en).toMatch(/^.+: Supply temperature is \d+(\.\d)? °C$/);
    expect(alarm.event_type_id).toBe(eventType.id);
    expect(alarm.notice_until - alarm.occurred_at).toBe(24 * 3_600_000);
    // Banned for 24 h: the next rounds raise nothing; a round 25 h later raises again.
    await tick();
    expect(count('critical')).toBe(devices);
    await tick(Date.now() + 25 * 3_600_000);
    expect(count('critical')).toBe(devices * 2);

    // Disabled, it raises nothing; other tenants neither see nor change it.
    expect((await call(admin, 'PUT', `/api/alarm/rule/${made.data.id}`, { ...body, enabled: false })).data.enabled).toBe(false);
    await tick(Date.now() + 60 * 3_600_000);
    expect(count('critical')).toBe(devices * 2);
    expect((await call(admin2, 'POST', '/api/alarm/rule/page', { page: 1, limit: 100 })).data.total).toBe(0);
    expect((await call(admin2, 'POST', '/api/alarm/rule/delete', { ids: [made.data.id] })).code).toBe(-1);
    expect((await call(admin, 'POST', '/api/alarm/rule/delete', { ids: [made.data.id] })).data.deleted).toBe(1);
  });
});
