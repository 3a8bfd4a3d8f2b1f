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
import type { FastifyPluginAsync } from 'fastify';
import { ops } from '../../../shared/contract/scada.ts';
import { bindingsOf, checkDoc, dropForeign, emptyDoc, MAX_TEMPLATES, rebind, type DocProblem, type ScadaDoc } from '../../../shared/scada/doc.ts';
import { route } from '../contract.ts';
import { fail, failField, ok, userOf } from '../http.ts';
import { langOf, type Lang, textsOf } from '../messages.ts';
import { deleteTenantRows, offsetOf } from '../resource.ts';
import { formatTime } from '../operations/tasks.ts';
import { sniffImage } from '../people/current-user.ts';
import { tenantData, type TenantData } from '../tenant-data.ts';
import {
  bindingChoices,
  insertPage,
  insertTemplate,
  listPages,
  listTemplates,
  liveValues,
  namedRows,
  nameTaken,
  ownedBindings,
  pageAnswer,
  pageDraft,
  pageOf,
  publishPage,
  renamePage,
  saveDraft,
  templateOf,
} from './scada-data.ts';

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

/** The document checked and stripped of foreign bindings, or the message refusing it. */
export function acceptDoc(data: TenantData, raw: unknown, lang: Lang): { doc: ScadaDoc; dropped: number } | string {
  const checked = checkDoc(raw);
  if (!checked.ok) return describeDocProblem(lang, checked.problem);
  const owned = ownedBindings(data, checked.doc);
  return dropForeign(checked.doc, owned.devices, owned.cameras);
}

const plugin: FastifyPluginAsync = async (app) => {
  const { config } = app.atrium;

  /** A free name for a copy: "name (2)", "name (3)" … */
  const copyName = (data: TenantData, name: string): string => {
    for (let n = 2; ; n++) {
      const candidate = `${name.slice(0, 44)} (${n})`;
      if (!nameTaken(data, 'scada_page', candidate)) return candidate;
    }
  };

  route(app, ops.page, async (request) => {
    return ok(listPages(tenantData(request), request.body.keyword, request.body.limit, offsetOf(request.body)));
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
    renamePage(data, page.id, name, (request.body.description ?? '').trim());
    return ok(pageAnswer(data, page.id));
  });

  route(app, ops.draft, async (request) => {
    const page = pageDraft(tenantData(request), request.params.id);
    if (!page) return fail(say(langOf(request), 'noPage'));
    return ok({ ...page.row, revision: page.revision, doc: page.doc });
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
      const changed = saveDraft(data, request.params.id, accepted.doc, request.body.revision, now);
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
    publishPage(data, page.id, Date.now());
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
    return ok(liveValues(tenantData(request), JSON.parse(json) as ScadaDoc));
  });

  /** What the editor's binding pickers offer: the tenant's devices with their parameters, cameras and pages. */
  route(app, ops.bindings, async (request) => ok(bindingChoices(tenantData(request))));

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

  route(app, ops.templatePage, async (request) => {
    return ok(listTemplates(tenantData(request), request.body.keyword, request.body.limit, offsetOf(request.body)));
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
      // Counted and inserted in one transaction: two saves at once cannot make an eleventh.
      const created = insertTemplate(data, name, page, MAX_TEMPLATES);
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
    return ok({ ...t.row, doc, devices: namedRows(data, 'device', deviceIds), cameras: namedRows(data, 'camera', cameraIds) });
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
