// The API contract (shared/contract) at work: requests that break an operation's declaration are
// refused with the field named, in the caller's language, before any handler runs and with nothing
// changed; under the test switch an answer that breaks its declaration fails the call that caused it.
import Fastify, { type FastifyError } from 'fastify';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { operation } from '../../shared/contract/operation.ts';
import { contractRefusal, route } from './contract.ts';
import { ok } from './http.ts';
import { usePlatform } from './test-platform.ts';
import { api } from './testing.ts';

const p = usePlatform();

const alarmState = (id: number) => p.s.app.atrium.db.prepare('SELECT handle_status AS h, handle_note AS n, status AS s FROM alarm WHERE id = ?').get<{ h: string; n: string; s: string }>(id);
const firstOpen = async (): Promise<number> => (await p.call(p.admin, 'GET', '/api/alarm', undefined, { handleStatus: 'unhandled', limit: '1' })).data.rows[0].id;

describe('requests checked against their declaration', () => {
  it('refuses wrong types, unknown and out-of-range query values by field name, never a 500', async () => {
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ page: 'abc' }, 'page', 'page: Please enter an integer'],
      [{ limit: '5000' }, 'limit', 'limit: Please enter an integer from 1 to 1000'],
      [{ page: '99999999999999999999' }, 'page', 'page: Please enter an integer from 1 to 1000000'],
      [{ level: 'loud' }, 'level', 'level: must be one of: critical, warning, reminder, normal'],
      [{ colour: 'red' }, 'colour', 'colour: is not a parameter of this call'],
      [{ keyword: 'a\u0001b' }, 'keyword', ''],
      [{ keyword: 'x'.repeat(101) }, 'keyword', ''],
    ];
    for (const [query, field, msg] of cases) {
      const answer = await api(p.s.base, 'GET', '/api/alarm', { token: p.admin, query, headers: { lang: 'en' } });
      expect(answer.status, JSON.stringify(query)).toBe(200);
      expect(answer.body.code, JSON.stringify(query)).toBe(-1);
      expect(answer.body.data, JSON.stringify(query)).toEqual({ field });
      if (msg) expect(answer.body.msg).toBe(msg);
      else expect(answer.body.msg.startsWith(`${field}: `)).toBe(true);
    }
    const zh = await api(p.s.base, 'GET', '/api/alarm/his', { token: p.admin, query: { page: 'abc' } });
    expect(zh.body).toMatchObject({ code: -1, msg: 'page：请输入整数', data: { field: 'page' } });
    // Empty values are not parameters (the client leaves them out of the signature too).
    expect((await p.call(p.admin, 'GET', '/api/alarm', undefined, { level: '', page: '1' })).code).toBe(0);
  });

  it('refuses a bad body by field name and changes nothing', async () => {
    const id = await firstOpen();
    const before = alarmState(id);
    const bodies: Array<[unknown, string | null, string]> = [
      [{ ids: [String(id)], handleStatus: 'handled' }, 'ids', 'ids: Please enter an integer'],
      [{ ids: [id], handleStatus: 'handled', admin: true }, 'admin', 'admin: is not a parameter of this call'],
      [{ ids: [id] }, 'handleStatus', 'handleStatus: This field is required'],
      [{ ids: [id], handleStatus: 'done' }, 'handleStatus', 'handleStatus: must be one of: handling, handled'],
      [{ ids: [1e20], handleStatus: 'handled' }, 'ids', 'ids: Please enter an integer from 1 to 2147483647'],
      [{ ids: [], handleStatus: 'handled' }, 'ids', 'ids: must hold 1 to 1000 items'],
      [{ ids: id, handleStatus: 'handled' }, 'ids', 'ids: must be a list'],
      [{ ids: [id], handleStatus: 'handled', note: 'x'.repeat(501) }, 'note', 'note: At most 500 characters'],
      [{ ids: [id], handleStatus: 'handled', note: 'bad\u0000note' }, 'note', ''],
      [[id], null, 'the request body must be a JSON object'],
    ];
    for (const [body, field, msg] of bodies) {
      const answer = await api(p.s.base, 'POST', '/api/alarm/handle', { token: p.admin, body, headers: { lang: 'en' } });
      expect(answer.status, JSON.stringify(body)).toBe(200);
      expect(answer.body.code, JSON.stringify(body)).toBe(-1);
      if (field) expect(answer.body.data, JSON.stringify(body)).toEqual({ field });
      if (msg) expect(answer.body.msg, JSON.stringify(body)).toBe(msg);
    }
    expect(alarmState(id)).toEqual(before);
    // The same call, valid, goes through.
    expect((await p.call(p.admin, 'POST', '/api/alarm/handle', { ids: [id], handleStatus: 'handled', note: 'line one\nline two' })).data).toEqual({ changed: 1 });
  });

  it('checks rights before the request: no field is described to a caller without the right', async () => {
    const answer = await api(p.s.base, 'POST', '/api/alarm/handle', { body: { ids: ['x'] }, headers: { lang: 'en' } });
    expect(answer.body.code).toBe(40101);
  });
});

describe('answers checked against their declaration (test switch)', () => {
  const make = async (checkAnswers: boolean) => {
    const app = Fastify();
    const logs: string[] = [];
    app.decorate('atrium', { config: { checkAnswers }, log: (line: string) => logs.push(line) } as never);
    app.setErrorHandler((error: FastifyError, request, reply) => reply.send(contractRefusal(request, error)));
    const op = operation({
      method: 'GET',
      path: '/api/thing',
      rights: 'public',
      tag: 'Test',
      summary: 'A thing',
      description: 'Answers what the query asks for, right or wrong',
      query: Type.Object({ wrong: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }, { additionalProperties: false }),
      data: Type.Object({ count: Type.Integer() }, { additionalProperties: false }),
    });
    route(app, op, async (request) => (request.query.wrong ? (ok({ count: 'many' }) as never) : ok({ count: 3 })));
    await app.ready();
    return { app, logs };
  };

  it('answers 500 naming the route and the field when an answer breaks its schema', async () => {
    const { app, logs } = await make(true);
    const good = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(good.json()).toEqual({ code: 0, msg: 'ok', data: { count: 3 } });
    const bad = await app.inject({ method: 'GET', url: '/api/thing?wrong=1' });
    expect(bad.statusCode).toBe(500);
    expect(bad.json().msg).toBe('answer of GET /api/thing breaks its contract: /data/count must be integer');
    expect(logs.join('\n')).toContain('/data/count');
    await app.close();
  });

  it('leaves answers alone without the switch (production)', async () => {
    const { app } = await make(false);
    const bad = await app.inject({ method: 'GET', url: '/api/thing?wrong=1' });
    expect(bad.statusCode).toBe(200);
    await app.close();
  });
});
