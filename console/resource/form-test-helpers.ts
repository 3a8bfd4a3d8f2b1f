// Test helpers for forms declared once (used by the pages' *-form.test.ts in node): what a form's
// save sends, and the message a value gets, as the form dialog shows them. Test code only.
import { vi } from 'vitest';
import { http } from '../../shared/http/index.ts';
import { i18n } from '../../shared/i18n/index.ts';
import { validateObject } from '../../shared/validate/index.ts';
import { resolveForm } from './define.ts';
import type { Env, FormDef, FormValues } from './types.ts';

export interface Sent {
  method: 'post' | 'put';
  url: string;
  body: unknown;
}

/** Records the requests made through the console's client (answering each with `answer`) instead of sending them. */
export function recordRequests(answer: unknown = {}): Sent[] {
  const sent: Sent[] = [];
  for (const method of ['post', 'put'] as const)
    vi.spyOn(http, method).mockImplementation(async (url: string, body?: unknown) => {
      sent.push({ method, url, body });
      return answer as never;
    });
  return sent;
}

/** The env a form's functions get: the zh translation and the page's state. */
export const envOf = <Page>(page: Page): Env<Page> => ({ t: i18n.getFixedT('zh'), page });

/** Saves a form opened on `row` with its initial values changed by `values` (what the user typed). */
export async function saveWith<Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues): Promise<void> {
  const resolved = resolveForm(form, row, env);
  await resolved.save({ ...resolved.initial(), ...values });
}

/** The zh message the form shows under `field` for these values (null: none), the fields' rules checked as the dialog checks them. */
export function messageOf<Row, Page>(form: FormDef<Row, Page>, row: Row | null, env: Env<Page>, values: FormValues, field: string): string | null {
  const resolved = resolveForm(form, row, env);
  const m = validateObject({ ...resolved.initial(), ...values }, resolved.schema)[field];
  return m ? i18n.t(m.key, { ...(m.params ?? {}), lng: 'zh' }) : null;
}
