// Scada pages and templates (mapConfigManage scada/index scadaManage, scada/template mapTemplateManage).
// A page has a draft the editor (/appEditor) saves and a published version viewers see; each save
// names the revision it was based on, so the later of two concurrent saves is refused instead of
// silently overwriting the other. Bindings to devices or cameras that are not the tenant's are
// dropped on save (and counted). Backgrounds are PNG/JPG/SVG by content; an SVG is stripped of
// script, event handlers, foreign objects and outside references before it is stored.
// The viewer (console /scada_view and <atrium-scada-page>) reads the published version and one
// answer with the values of all its bindings per poll.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ScadaBindings, ScadaLive, ScadaPageRow, ScadaTemplateRow } from '../../../shared/api/scada-types.ts';
import { ops } from '../../../shared/contract/scada.ts';
import { bindingsOf, checkDoc, dropForeign, emptyDoc, MAX_TEMPLATES, rebind, type DocProblem, type ScadaDoc } from '../../../shared/scada/doc.ts';
import { route } from '../contract.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { deleteTenantRows, inList, likePattern, offsetOf, tenantNameKeyword } from '../resource.ts';
import { col, shape } from '../shape.ts';
import { formatTime } from '../operations/tasks.ts';
import { sniffImage } from '../people/current-user.ts';
import { tenantData, type TenantData } from '../tenant-data.ts';

const TEXT = {
  noPage: { zh: '组态画面不存在', en: 'No such scada page' },
  noTemplate: { zh: '模板不存在', en: 'No such template' },
  nameTaken: { zh: '名称已存在', en: 'This name is already taken' },
  notPublished: { zh: '该画面尚未发布', en: 'This page has not been published yet' },
  stale: {
    zh: '该画面已在别处（另一个标签页或另一位用户）保存过，当前修改未保存。请先把修改另存，或重新加载后再编辑；编辑器中的修改仍然保留。',
    en: 'This page was saved elsewhere (another tab or another user) since you opened it, so this save was refused. Your changes are still in the editor: save them as a copy, or reload to continue from the newer version.',
  },
  tooManyTemplates: { zh: `模板最多 ${MAX_TEMPLATES} 个，请先删除不用的模板`, en: `A tenant keeps at most ${MAX_TEMPLATES} templates; delete one you no longer need first` },
  tooMany: { zh: '一个画面最多 {max} 个元素', en: 'A page holds at most {max} elements' },
  badElement: { zh: '第 {index} 个元素的 {field} 不正确', en: 'Element {index}: {field} is not valid' },
  duplicateId: { zh: '第 {index} 个元素的标识与前面的元素重复', en: 'Element {index} has the same id as an earlier one' },
  badDoc: { zh: '画面数据不正确（{field}）', en: 'The page data is not valid ({field})' },
  imageType: { zh: '背景只能是 PNG、JPG 或 SVG 图片', en: 'A background must be a PNG, JPG or SVG image' },
  imageSize: { zh: '背景图片不能超过 5 MB', en: 'A background image must be 5 MB or smaller' },
  noFile: { zh: '请选择文件', en: 'Choose a file' },
  badSvg: { zh: '无法读取该 SVG 文件', en: 'This SVG file cannot be read' },
} as const satisfies Record<string, Record<Lang, string>>;

const say = textsOf(TEXT);

export const BACKGROUND_MAX_BYTES = 5 * 1024 * 1024;

/** A refused document as a readable message. */
export const describeDocProblem = (lang: Lang, p: DocProblem): string => say(lang, p.key, { index: p.index ?? '', field: p.field ?? '', max: p.max ?? '' });

/**
 * An SVG without anything that runs or reaches out: script and foreignObject elements, event
 * handler attributes, javascript: and outside hrefs, outside url(…) in styles, entity declarations.
 * The background is also only ever shown through <img> (which runs nothing) and served with a CSP.
 */
export function sanitiseSvg(text: string): string | null {
  if (/<!ENTITY/i.test(text)) return null;
  let out = text
    .replace(/<script[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script[^>]*\/>/gi, '')
    .replace(/<foreignObject[\s\S]*?<\/foreignObject\s*>/gi, '')
    .replace(/<(iframe|embed|object|audio|video|handler|listener)[\s\S]*?(<\/\1\s*>|\/>)/gi, '')
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\s+(xlink:)?href\s*=\s*("(?!#)[^"]*"|'(?!#)[^']*')/gi, '')
    .replace(/url\(\s*(['"]?)(?!#)[^)]*\)/gi, 'none')
    .replace(/@import[^;]*;?/gi, '');
  if (/<script|javascript:/i.test(out)) out = out.replace(/<script/gi, '<x-removed').replace(/javascript:/gi, '');
  return /<svg[\s>]/i.test(out) ? out : null;
}

interface PageDb {
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
function ownedBindings(data: TenantData, doc: ScadaDoc): { devices: Set<number>; cameras: Set<number> } {
  const { deviceIds, cameraIds } = bindingsOf(doc);
  const pick = (table: string, ids: number[]) =>
    ids.length === 0 ? new Set<number>() : new Set(data.all<{ id: number }>(`SELECT id FROM ${table} WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids).map((r) => r.id));
  return { devices: pick('device', deviceIds), cameras: pick('camera', cameraIds) };
}

/** The document checked and stripped of foreign bindings, or the message refusing it. */
export function acceptDoc(data: TenantData, raw: unknown, lang: Lang): { doc: ScadaDoc; dropped: number } | string {
  const checked = checkDoc(raw);
  if (!checked.ok) return describeDocProblem(lang, checked.problem);
  const owned = ownedBindings(data, checked.doc);
  return dropForeign(checked.doc, owned.devices, owned.cameras);
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;

  const pageOf = (data: TenantData, id: unknown): PageDb | undefined => data.get<PageDb>('SELECT * FROM scada_page WHERE id = ? AND tenant_id = $tenant', Number(id) || -1);
  const nameTaken = (data: TenantData, table: 'scada_page' | 'scada_template', name: string, except = -1) =>
    Boolean(data.get(`SELECT 1 FROM ${table} WHERE tenant_id = $tenant AND name = ? AND id <> ?`, name, except));

  /** A free name for a copy: "name (2)", "name (3)" … */
  const copyName = (data: TenantData, name: string): string => {
    for (let n = 2; ; n++) {
      const candidate = `${name.slice(0, 44)} (${n})`;
      if (!nameTaken(data, 'scada_page', candidate)) return candidate;
    }
  };

  /** A page of the caller's tenant (found or made by them), as answered. */
  const pageAnswer = (data: TenantData, id: number): ScadaPageRow => PAGE.read(data.get(`SELECT ${PAGE.select} FROM scada_page p WHERE p.id = ? AND p.tenant_id = $tenant`, id)!);

  /** A new page, as answered. */
  const insertPage = (data: TenantData, name: string, description: string, doc: ScadaDoc): ScadaPageRow =>
    pageAnswer(data, Number(data.run('INSERT INTO scada_page (tenant_id, name, description, draft, updated_at) VALUES ($tenant, ?, ?, ?, ?)', name, description, JSON.stringify(doc), Date.now()).lastInsertRowid));

  route(app, ops.page, async (request) => {
    const data = tenantData(request);
    const { where, args } = tenantNameKeyword(request.body.keyword);
    const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM scada_page WHERE ${where}`, ...args)!.n;
    const rows = data.all(`SELECT ${PAGE.select} FROM scada_page p WHERE ${where} ORDER BY p.updated_at DESC, p.id DESC LIMIT ? OFFSET ?`, ...args, request.body.limit, offsetOf(request.body));
    return ok({ rows: PAGE.all(rows), total });
  });

  route(app, ops.create, async (request) => {
    const data = tenantData(request);
    const name = request.body.name.trim();
    if (nameTaken(data, 'scada_page', name)) return failField(say(langOf(request), 'nameTaken'), 'name');
    return ok(insertPage(data, name, (request.body.description ?? '').trim(), emptyDoc()));
  });

  route(app, ops.rename, async (request) => {
    const data = tenantData(request);
    const lang = langOf(request);
    const page = pageOf(data, request.params.id);
    if (!page) return fail(say(lang, 'noPage'));
    const name = request.body.name.trim();
    if (nameTaken(data, 'scada_page', name, page.id)) return failField(say(lang, 'nameTaken'), 'name');
    data.run('UPDATE scada_page SET name = ?, description = ? WHERE id = ? AND tenant_id = $tenant', name, (request.body.description ?? '').trim(), page.id);
    return ok(pageAnswer(data, page.id));
  });

  route(app, ops.draft, async (request) => {
    const page = tenantData(request).get(`SELECT ${PAGE.select}, p.revision AS stored_revision, p.draft AS stored_draft FROM scada_page p WHERE p.id = ? AND p.tenant_id = $tenant`, request.params.id);
    if (!page) return fail(say(langOf(request), 'noPage'));
    return ok({ ...PAGE.read(page), revision: Number(page.stored_revision), doc: JSON.parse(String(page.stored_draft)) as ScadaDoc });
  });

  // The body is checked by acceptDoc (shared/scada/doc.ts), element by element.
  route(
    app,
    ops.save,
    async (request) => {
      const data = tenantData(request);
      const lang = langOf(request);
      const accepted = acceptDoc(data, request.body.doc, lang);
      if (typeof accepted === 'string') return failField(accepted, 'doc');
      const now = Date.now();
      // Compare and set in one statement: of two saves based on the same revision only one wins.
      const changed = data.run('UPDATE scada_page SET draft = ?, revision = revision + 1, updated_at = ? WHERE id = ? AND tenant_id = $tenant AND revision = ?', JSON.stringify(accepted.doc), now, request.params.id, request.body.revision).changes;
      const page = pageOf(data, request.params.id);
      if (!page) return fail(say(lang, 'noPage'));
      if (Number(changed) === 0) return { ...failField(say(lang, 'stale'), 'revision'), code: 40901 };
      return ok({ revision: page.revision, updatedAt: formatTime(page.updated_at), dropped: accepted.dropped });
    },
    { bodyLimit: 8 * 1024 * 1024 },
  );

  route(app, ops.publish, async (request) => {
    const data = tenantData(request);
    const page = pageOf(data, request.params.id);
    if (!page) return fail(say(langOf(request), 'noPage'));
    data.run('UPDATE scada_page SET published = draft, published_revision = revision, published_at = ? WHERE id = ? AND tenant_id = $tenant', Date.now(), page.id);
    return ok(pageAnswer(data, page.id));
  });

  route(app, ops.duplicate, async (request) => {
    const data = tenantData(request);
    const page = pageOf(data, request.params.id);
    if (!page) return fail(say(langOf(request), 'noPage'));
    return ok(insertPage(data, copyName(data, page.name), page.description, JSON.parse(page.draft) as ScadaDoc));
  });

  route(app, ops.delete, async (request) => {
    const deleted = deleteTenantRows(tenantData(request), 'scada_page', request.body.ids);
    return deleted === null ? fail(say(langOf(request), 'noPage')) : ok({ deleted });
  });

  // ---- viewing: any signed-in user of the tenant -------------------------------------------------

  route(app, ops.view, async (request) => {
    const lang = langOf(request);
    const page = pageOf(tenantData(request), request.params.id);
    if (!page) return fail(say(lang, 'noPage'));
    if (!page.published || !page.published_at) return fail(say(lang, 'notPublished'));
    return ok({ id: page.id, name: page.name, publishedAt: formatTime(page.published_at), doc: JSON.parse(page.published) as ScadaDoc });
  });

  /** One answer for every binding of the page (published, or the draft with ?draft=1 for the editor). */
  route(app, ops.live, async (request) => {
    const user = userOf(request);
    const lang = langOf(request);
    const page = pageOf(tenantData(request), request.params.id);
    if (!page) return fail(say(lang, 'noPage'));
    const draft = request.query.draft === '1' && user.menus.has('scadaManage');
    const json = draft ? page.draft : page.published;
    if (!json) return fail(say(lang, 'notPublished'));
    return ok(live(request, JSON.parse(json) as ScadaDoc));
  });

  function live(request: FastifyRequest, doc: ScadaDoc): ScadaLive {
    const data = tenantData(request);
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
  route(app, ops.bindings, async (request) => {
    const data = tenantData(request);
    const devices = data.all<{ id: number; code: string; name: string; model_id: number | null }>('SELECT id, code, loc(name, name_en) AS name, model_id FROM device WHERE tenant_id = $tenant ORDER BY code');
    const params = new Map<number, ScadaBindings['devices'][number]['params']>();
    for (const p of data.all<{ model_id: number; code: string; name: string; unit: string; access: 'r' | 'rw' }>('SELECT model_id, code, loc(name, name_en) AS name, unit, access FROM model_param WHERE tenant_id = $tenant ORDER BY id')) {
      const list = params.get(p.model_id) ?? [];
      list.push({ code: p.code, name: p.name, unit: p.unit, access: p.access });
      params.set(p.model_id, list);
    }
    return ok({
      devices: devices.map((d) => ({ id: d.id, code: d.code, name: d.name, params: d.model_id ? (params.get(d.model_id) ?? []) : [] })),
      cameras: data.all<ScadaBindings['cameras'][number]>('SELECT id, loc(name, name_en) AS name, label FROM camera WHERE tenant_id = $tenant ORDER BY name'),
      pages: data.all<ScadaBindings['pages'][number]>('SELECT id, name FROM scada_page WHERE tenant_id = $tenant ORDER BY name'),
    });
  });

  /** A background or image: PNG, JPG or SVG by content (an SVG sanitised), at most 5 MB. */
  route(app, ops.background, async (request) => {
    const lang = langOf(request);
    if (!request.isMultipart()) return fail(say(lang, 'noFile'));
    let bytes: Buffer;
    try {
      const file = await request.file({ limits: { fileSize: BACKGROUND_MAX_BYTES, files: 1 } });
      if (!file) return fail(say(lang, 'noFile'));
      bytes = await file.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return fail(say(lang, 'imageSize'));
      return fail(say(lang, 'noFile'));
    }
    if (bytes.length === 0) return fail(say(lang, 'noFile'));
    const type = sniffImage(bytes);
    if (!type) return fail(say(lang, 'imageType'));
    if (type === 'svg') {
      const clean = sanitiseSvg(bytes.toString('utf8'));
      if (clean === null) return fail(say(lang, 'badSvg'));
      bytes = Buffer.from(clean, 'utf8');
    }
    const dir = join(config.uploadDir, 'scada');
    await mkdir(dir, { recursive: true });
    const name = `${userOf(request).tenantId}-${randomBytes(9).toString('base64url')}.${type}`;
    await writeFile(join(dir, name), bytes);
    return ok({ url: `/upload/scada/${name}` });
  });

  // ---- templates ---------------------------------------------------------------------------------

  const TEMPLATE_FROM = 'FROM scada_template t LEFT JOIN scada_page p ON p.id = t.source_page_id AND p.tenant_id = t.tenant_id';
  /** A template of the tenant: as answered, and its stored document. */
  const templateOf = (data: TenantData, id: unknown): { row: ScadaTemplateRow; doc: string } | undefined => {
    const r = data.get(`SELECT ${TEMPLATE.select}, t.doc AS stored_doc ${TEMPLATE_FROM} WHERE t.id = ? AND t.tenant_id = $tenant`, Number(id) || -1);
    return r && { row: TEMPLATE.read(r), doc: String(r.stored_doc) };
  };

  route(app, ops.templatePage, async (request) => {
    const data = tenantData(request);
    const keyword = request.body.keyword?.trim();
    const where = keyword ? "t.tenant_id = $tenant AND t.name LIKE ? ESCAPE '\\'" : 't.tenant_id = $tenant';
    const args: string[] = keyword ? [likePattern(keyword)] : [];
    const total = data.get<{ n: number }>(`SELECT COUNT(*) AS n FROM scada_template t WHERE ${where}`, ...args)!.n;
    const rows = data.all(`SELECT ${TEMPLATE.select} ${TEMPLATE_FROM} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ? OFFSET ?`, ...args, request.body.limit, offsetOf(request.body));
    return ok({ rows: TEMPLATE.all(rows), total });
  });

  route(
    app,
    ops.templateCreate,
    async (request) => {
      const data = tenantData(request);
      const lang = langOf(request);
      const page = pageOf(data, request.body.pageId);
      if (!page) return fail(say(lang, 'noPage'));
      const name = request.body.name.trim();
      const created = data.tx(() => {
        // Counted and inserted in one transaction: two saves at once cannot make an eleventh.
        const n = data.get<{ n: number }>('SELECT COUNT(*) AS n FROM scada_template WHERE tenant_id = $tenant')!.n;
        if (n >= MAX_TEMPLATES) return 'full' as const;
        if (nameTaken(data, 'scada_template', name)) return 'taken' as const;
        return Number(data.run('INSERT INTO scada_template (tenant_id, name, doc, source_page_id, created_at) VALUES ($tenant, ?, ?, ?, ?)', name, page.draft, page.id, Date.now()).lastInsertRowid);
      });
      if (created === 'full') return fail(say(lang, 'tooManyTemplates'));
      if (created === 'taken') return failField(say(lang, 'nameTaken'), 'name');
      return ok(templateOf(data, created)!.row);
    },
  );

  route(app, ops.template, async (request) => {
    const data = tenantData(request);
    const t = templateOf(data, request.params.id);
    if (!t) return fail(say(langOf(request), 'noTemplate'));
    const doc = JSON.parse(t.doc) as ScadaDoc;
    const { deviceIds, cameraIds } = bindingsOf(doc);
    const named = (table: string, ids: number[]) => (ids.length ? data.all<{ id: number; name: string }>(`SELECT id, name FROM ${table} WHERE tenant_id = $tenant AND id IN (${inList(ids.length)})`, ...ids) : []);
    return ok({ ...t.row, doc, devices: named('device', deviceIds), cameras: named('camera', cameraIds) });
  });

  route(
    app,
    ops.instantiate,
    async (request) => {
      const data = tenantData(request);
      const lang = langOf(request);
      const t = templateOf(data, request.params.id);
      if (!t) return fail(say(lang, 'noTemplate'));
      const name = request.body.name.trim();
      if (nameTaken(data, 'scada_page', name)) return failField(say(lang, 'nameTaken'), 'name');
      const toMap = (m: Record<string, number>) => new Map(Object.entries(m).map(([k, v]) => [Number(k), v]));
      const accepted = acceptDoc(data, rebind(JSON.parse(t.doc) as ScadaDoc, toMap(request.body.devices), toMap(request.body.cameras)), lang);
      if (typeof accepted === 'string') return fail(accepted);
      return ok(insertPage(data, name, '', accepted.doc));
    },
  );

  route(app, ops.templateDelete, async (request) => {
    const deleted = deleteTenantRows(tenantData(request), 'scada_template', request.body.ids);
    return deleted === null ? fail(say(langOf(request), 'noTemplate')) : ok({ deleted });
  });
};

export default plugin;
