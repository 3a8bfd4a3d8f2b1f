// Node test support for a page's form declared once (imported only by *.test.ts files): the requests
// its save sends, recorded where the client hands them to fetch (the body as the platform receives
// it), and the messages its fields' rules give, in both languages, as the form dialog shows them.
import { afterEach, beforeEach, vi } from 'vitest';
import { translate } from '../../shared/i18n/index.ts';
import { validateObject, type ValidationMessage } from '../../shared/validate/index.ts';
import { resolveForm } from './define.ts';
import type { Env, FormDef, FormValues } from './types.ts';

export interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** Records every request from now on; each is answered with the envelope `{ code: 0, data: answer(url) }`. */
export function recordRequests(answer: (url: string, method: string) => unknown = () => null, sent: Sent[] = []): Sent[] {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    sent.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null) });
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data: answer(url, method) ?? null }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

/** The env a form's functions receive: the page's state, and a t that answers the key. */
export const envOf = <Page>(page: Page): Env<Page> => ({ t: ((key: string) => key) as Env['t'], page });

/** The values the form opens with for `row`, with `changes` typed over them. */
export function valuesOf<Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, changes: FormValues = {}): FormValues {
  return { ...resolveForm(form, row, env).initial(), ...changes };
}

/** Sends the form's values as its dialog does (after they pass) and answers what the client sent. */
export async function send<Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues, sent: Sent[]): Promise<Sent[]> {
  const before = sent.length;
  await resolveForm(form, row, env).save(values);
  return sent.slice(before);
}

/** The messages the dialog shows for these values (fields hidden by `visible` do not count), per field, as [zh, en]. */
export function messagesOf<Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues): Record<string, [string, string]> {
  const resolved = resolveForm(form, row, env);
  const shown = resolved.fields.filter((f) => !f.visible || f.visible(values)).map((f) => f.name);
  const schema = Object.fromEntries(Object.entries(resolved.schema).filter(([name]) => shown.includes(name)));
  const errors = validateObject(values, schema) as Record<string, ValidationMessage | undefined>;
  return Object.fromEntries(
    Object.entries(errors)
      .filter((e): e is [string, ValidationMessage] => e[1] !== undefined)
      .map(([name, m]) => [name, [translate('zh', m.key, m.params ?? {}), translate('en', m.key, m.params ?? {})]]),
  );
}

/** The zh message the dialog shows under `field` for `values` typed over the initial ones (null: none). */
export const messageOf = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues, field: string): string | null =>
  messagesOf(form, row, env, valuesOf(form, row, env, values))[field]?.[0] ?? null;

/**
 * A test file's requests: each test records what it sends from an empty list (answered by `answer`),
 * and `saveWith` saves a form opened on `row` with `values` typed over its initial ones.
 */
export function formRequests(answer?: (url: string, method: string) => unknown) {
  const sent: Sent[] = [];
  beforeEach(() => {
    sent.length = 0;
    recordRequests(answer, sent);
  });
  afterEach(() => vi.unstubAllGlobals());
  const saveWith = <Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues): Promise<Sent[]> => send(form, row, env, valuesOf(form, row, env, values), sent);
  return { sent, saveWith };
}
