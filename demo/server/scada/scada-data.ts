// Scada pages and templates in the tenant's data (issue 39: the SQL of scada.ts, moved): the answer
// shapes, pages and their drafts and published versions, templates, the bindings a document may hold
// and the live values of a document's bindings. Every function takes the tenant's data (tenant-data.ts).
import type { ScadaBindings, ScadaLive, ScadaPageRow, ScadaTemplateRow } from '../../../shared/api/scada-types.ts';
import { bindingsOf, type ScadaDoc } from '../../../shared/scada/doc.ts';
import { inList, likePattern, tenantNameKeyword } from '../resource.ts';
import { col, shape } from '../shape.ts';
import type { TenantData } from '../tenant-data.ts';

/** A scada page as stored (scada_page). */
export interface PageDb {
  id: number;
  tenant_id: number;
  name: string;
  description: string;
  draft: string;
  revision: number;
  published: string | null;
  published_revision: number | null;
  published_at: number | null;
  updated_at: number;
}

/** How many elements a stored document (JSON text) holds, counted in SQL. */
const elementsOf = (column: string): string => `json_array_length(${column}, '$.elements')`;

/** A page as the API answers it (scada_page p). */
const PAGE = shape<ScadaPageRow>({
  id: col.value('p.id'),
  name: col.value('p.name'),
  description: col.value('p.description'),
  elements: col.value(elementsOf('p.draft')),
  updatedAt: col.time('p.updated_at'),
  publishedAt: col.time('p.published_at'),
  unpublished: col.flag('p.published_revision IS NOT p.revision'),
});

/** An open alarm as a page's alarm elements show it (alarm). */
const LATEST_ALARM = shape<ScadaLive['alarms']['latest'][number]>({
  id: col.value('id'),
  deviceName: col.value('device_name'),
  content: col.value('loc(content_zh, content_en)'),
  level: col.value('level'),
  at: col.time('occurred_at'),
});

/** A template as the API answers it (scada_template t, the page p it was saved from). */
const TEMPLATE = shape<ScadaTemplateRow>({
  id: col.value('t.id'),
  name: col.value('t.name'),
  elements: col.value(elementsOf('t.doc')),
  source: col.value("COALESCE(p.name, '')"),
  createdAt: col.time('t.created_at'),
});

/** The devices and cameras of the tenant among those a document binds. */
export function ownedBindings(data: TenantData, doc: ScadaDoc): { devices: Set<number>; cameras: Set<number> } {
  const { deviceIds, cameraIds } = bindingsOf(doc);
  const pick = (table: string, ids: number[]) =>
    ids.length === 0 ? new Set<number>() : new Set(data.all<{ id: number }>(`SELECT id FROM ${table} WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).map((r) => r.id));
  return { devices: pick('device', deviceIds), cameras: pick('camera', cameraIds) };
}

// ---- pages ------------------------------------------------------------------------------------

/** One of the tenant's pages as stored (any id that is not a number finds none). */
export const pageOf = (data: TenantData, id: unknown): PageDb | undefined => data.get<PageDb>('SELECT * FROM scada_page WHERE id = ? AND tenant_id = $tenant', Number(id) || -1);

/** Whether another page (or template) of the tenant has this name. */
export const nameTaken = (data: TenantData, table: 'scada_page' | 'scada_template', name: string, except = -1): boolean =>
  Boolean(data.get(`SELECT 1 FROM ${table} WHERE tenant_id = $tenant AND name = ? AND id <> ?`, name, except));

/** A page of the tenant (found or made by them), as answered. */
export const pageAnswer = (data: TenantData, id: number): ScadaPageRow => PAGE.read(data.get(`SELECT ${PAGE.select} FROM scada_page p WHERE p.id = ? AND p.tenant_id = $tenant`, id)!);

/** A new page, as answered. */
export const insertPage = (data: TenantData, name: string, description: string, doc: ScadaDoc): ScadaPageRow =>
  pageAnswer(data, Number(data.run('INSERT INTO scada_page (tenant_id, name, description, draft, updated_at) VALUES ($tenant, ?, ?, ?, ?)', name, description, JSON.stringify(doc), Date.now()).lastInsertRowid));

/** A page of the tenant's pages (newest change first), with their name matching the keyword. */
export function listPages(data: TenantData, keyword: string | undefined, limit: number, offset: number): { rows: ScadaPageRow[]; total: number } {
  const { where, args } = tenantNameKeyword(keyword);
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM scada_page WHERE ${where}`, ...args)!.n;
  const rows = data.all(`SELECT ${PAGE.select} FROM scada_page p WHERE ${where} ORDER BY p.updated_at DESC, p.id DESC LIMIT ? OFFSET ?`, ...args, limit, offset);
  return { rows: PAGE.all(rows), total };
}

export const renamePage = (data: TenantData, id: number, name: string, description: string): void =>
  void data.run('UPDATE scada_page SET name = ?, description = ? WHERE id = ? AND tenant_id = $tenant', name, description, id);

/** A page as answered with its draft and the revision it is at (undefined: not the tenant's). */
export function pageDraft(data: TenantData, id: number): { row: ScadaPageRow; revision: number; doc: ScadaDoc } | undefined {
  const page = data.get(`SELECT ${PAGE.select}, p.revision AS stored_revision, p.draft AS stored_draft FROM scada_page p WHERE p.id = ? AND p.tenant_id = $tenant`, id);
  return page && { row: PAGE.read(page), revision: Number(page.stored_revision), doc: JSON.parse(String(page.stored_draft)) as ScadaDoc };
}

/**
 * Stores a draft if the page is still at `revision` (compare and set in one statement: of two saves
 * based on the same revision only one wins). Answers how many rows changed (0: stale or missing).
 */
export const saveDraft = (data: TenantData, id: number, doc: ScadaDoc, revision: number, now: number): number =>
  Number(data.run('UPDATE scada_page SET draft = ?, revision = revision + 1, updated_at = ? WHERE id = ? AND tenant_id = $tenant AND revision = ?', JSON.stringify(doc), now, id, revision).changes);

/** The draft becomes the published version. */
export const publishPage = (data: TenantData, id: number, now: number): void =>
  void data.run('UPDATE scada_page SET published = draft, published_revision = revision, published_at = ? WHERE id = ? AND tenant_id = $tenant', now, id);

/** One answer for every binding of a document: point values with units, device states and alarms. */
export function liveValues(data: TenantData, doc: ScadaDoc): ScadaLive {
  const { deviceIds } = bindingsOf(doc);
  const devices = deviceIds.length
    ? data.all<{ id: number; code: string; name: string; status: 'online' | 'offline' | 'unknown'; model_id: number | null }>(`SELECT id, code, name, status, model_id FROM device WHERE tenant_id = $tenant AND id IN (${inList(deviceIds.length)})`, ...deviceIds)
    : [];
  const alarmsBy = new Map<string, number>();
  if (devices.length) {
    const rows = data.all<{ code: string; n: number }>(
      `SELECT device_code AS code, COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND handle_status <> 'handled' AND device_code IN (${inList(devices.length)}) GROUP BY device_code`,
      ...devices.map((d) => d.code),
    );
    for (const r of rows) alarmsBy.set(r.code, r.n);
  }
  const wanted = new Set(doc.elements.filter((e) => e.deviceId !== undefined && e.code).map((e) => `${e.deviceId}/${e.code}`));
  const current = devices.length ? data.all<{ device_id: number; code: string; value: number; at: number }>(`SELECT device_id, code, value, at FROM point_current WHERE tenant_id = $tenant AND device_id IN (${inList(devices.length)})`, ...devices.map((d) => d.id)) : [];
  const byKey = new Map(current.map((c) => [`${c.device_id}/${c.code}`, c]));
  const units = new Map<string, string>();
  const modelIds = [...new Set(devices.map((d) => d.model_id).filter((m): m is number => m !== null))];
  if (modelIds.length) {
    for (const p of data.all<{ model_id: number; code: string; unit: string }>(`SELECT model_id, code, unit FROM model_param WHERE tenant_id = $tenant AND model_id IN (${inList(modelIds.length)})`, ...modelIds)) units.set(`${p.model_id}/${p.code}`, p.unit);
  }
  const modelOf = new Map(devices.map((d) => [d.id, d.model_id]));
  const points = [...wanted].flatMap((key) => {
    const [id, code] = [Number(key.slice(0, key.indexOf('/'))), key.slice(key.indexOf('/') + 1)];
    if (!modelOf.has(id)) return [];
    const c = byKey.get(key);
    return [{ deviceId: id, code, value: c?.value ?? null, at: c?.at ?? null, unit: units.get(`${modelOf.get(id)}/${code}`) ?? '' }];
  });
  const wantsAlarms = doc.elements.some((e) => e.kind === 'bell' || e.kind === 'alarms');
  const total = wantsAlarms ? data.get<{ n: number }>("SELECT COUNT(*) AS n FROM alarm WHERE tenant_id = $tenant AND handle_status = 'unhandled'")!.n : 0;
  const latest = wantsAlarms ? LATEST_ALARM.all(data.all(`SELECT ${LATEST_ALARM.select} FROM alarm WHERE tenant_id = $tenant AND handle_status = 'unhandled' ORDER BY occurred_at DESC, id DESC LIMIT 10`)) : [];
  return {
    at: Date.now(),
    points,
    devices: devices.map((d) => ({ id: d.id, name: d.name, status: d.status, alarms: alarmsBy.get(d.code) ?? 0 })),
    alarms: { total, latest },
  };
}

/** What the editor's binding pickers offer: the tenant's devices with their parameters, cameras and pages. */
export function bindingChoices(data: TenantData): ScadaBindings {
  const devices = data.all<{ id: number; code: string; name: string; model_id: number | null }>('SELECT id, code, loc(name, name_en) AS name, model_id FROM device WHERE tenant_id = $tenant ORDER BY code');
  const params = new Map<number, ScadaBindings['devices'][number]['params']>();
  for (const p of data.all<{ model_id: number; code: string; name: string; unit: string; access: 'r' | 'rw' }>('SELECT model_id, code, loc(name, name_en) AS name, unit, access FROM model_param WHERE tenant_id = $tenant ORDER BY id')) {
    const list = params.get(p.model_id) ?? [];
    list.push({ code: p.code, name: p.name, unit: p.unit, access: p.access });
    params.set(p.model_id, list);
  }
  return {
    devices: devices.map((d) => ({ id: d.id, code: d.code, name: d.name, params: d.model_id ? (params.get(d.model_id) ?? []) : [] })),
    cameras: data.all<ScadaBindings['cameras'][number]>('SELECT id, loc(name, name_en) AS name, label FROM camera WHERE tenant_id = $tenant ORDER BY name'),
    pages: data.all<ScadaBindings['pages'][number]>('SELECT id, name FROM scada_page WHERE tenant_id = $tenant ORDER BY name'),
  };
}

// ---- templates --------------------------------------------------------------------------------

const TEMPLATE_FROM = 'FROM scada_template t LEFT JOIN scada_page p ON p.id = t.source_page_id AND p.tenant_id = t.tenant_id';

/** A template of the tenant: as answered, and its stored document. */
export const templateOf = (data: TenantData, id: unknown): { row: ScadaTemplateRow; doc: string } | undefined => {
  const r = data.get(`SELECT ${TEMPLATE.select}, t.doc AS stored_doc ${TEMPLATE_FROM} WHERE t.id = ? AND t.tenant_id = $tenant`, Number(id) || -1);
  return r && { row: TEMPLATE.read(r), doc: String(r.stored_doc) };
};

/** A page of the tenant's templates (newest first), with their name matching the keyword. */
export function listTemplates(data: TenantData, keyword: string | undefined, limit: number, offset: number): { rows: ScadaTemplateRow[]; total: number } {
  const k = keyword?.trim();
  const where = k ? "t.tenant_id = $tenant AND t.name LIKE ? ESCAPE '\\'" : 't.tenant_id = $tenant';
  const args: string[] = k ? [likePattern(k)] : [];
  const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM scada_template t WHERE ${where}`, ...args)!.n;
  const rows = data.all(`SELECT ${TEMPLATE.select} ${TEMPLATE_FROM} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ? OFFSET ?`, ...args, limit, offset);
  return { rows: TEMPLATE.all(rows), total };
}

/**
 * A template saved from a page: counted and inserted in one transaction, so two saves at once cannot
 * make one more than `max`. Answers the new id, 'full' or 'taken' (the name).
 */
export function insertTemplate(data: TenantData, name: string, page: Pick<PageDb, 'id' | 'draft'>, max: number): number | 'full' | 'taken' {
  return data.tx(() => {
    const n = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM scada_template WHERE tenant_id = $tenant')!.n;
    if (n >= max) return 'full' as const;
    if (nameTaken(data, 'scada_template', name)) return 'taken' as const;
    return Number(data.run('INSERT INTO scada_template (tenant_id, name, doc, source_page_id, created_at) VALUES ($tenant, ?, ?, ?, ?)', name, page.draft, page.id, Date.now()).lastInsertRowid);
  });
}

/** The names of the tenant's devices or cameras among `ids`. */
export const namedRows = (data: TenantData, table: 'device' | 'camera', ids: number[]): Array<{ id: number; name: string }> =>
  ids.length ? data.all<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids) : [];
