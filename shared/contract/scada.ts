// The scada operations (mapConfigManage scada/index scadaManage, scada/template mapTemplateManage; the
// editor /appEditor and the viewer). A page has a draft the editor saves and a published version
// viewers see; a draft save names the revision it was based on, so the later of two saves on one
// revision is refused (40901). A document's rules (element kinds, bounds, colours, upload paths, at
// most MAX_ELEMENTS elements, unique ids) live in shared/scada/doc.ts, shared by the editor, the
// platform and the viewer; the platform checks a saved document element by element so its refusal
// names the element ("Element 3: color is not valid"), and drops bindings to devices or cameras that
// are not the tenant's.
import Type from 'typebox';
import { MAX_ELEMENTS, MAX_TEMPLATES, SCADA_KINDS, type ScadaDoc } from '../scada/doc.ts';
import { SCADA_BOUNDS as B } from '../validate/scada.ts';
import { operation } from './operation.ts';
import { Id, IdParams, Ids, MAX_LIMIT, Strict, Text, Time, PageOf, PageQueryOf } from './fields.ts';

const TAG = 'Scada';
const TEMPLATE_TAG = 'ScadaTemplate';

const Count = () => Type.Integer({ minimum: 0 });
const Color = () => Type.String({ maxLength: 9, pattern: '^#[0-9a-fA-F]{3,8}$' });
const Upload = () => Type.String({ maxLength: 100, pattern: '^/upload/scada/[\\w.-]{1,80}$' });

/** One element of a stored document, as shared/scada/doc.ts checkDoc accepts it. */
export const ScadaElementSchema = Strict({
  id: Type.String({ maxLength: 40, pattern: '^[\\w-]{1,40}$', description: 'Unique within the page' }),
  kind: Type.Enum([...SCADA_KINDS]),
  x: Type.Number({ minimum: -20000, maximum: 20000 }),
  y: Type.Number({ minimum: -20000, maximum: 20000 }),
  w: Type.Number({ minimum: 2, maximum: 20000 }),
  h: Type.Number({ minimum: 2, maximum: 20000 }),
  rotate: Type.Number({ minimum: -360, maximum: 360, description: 'Degrees, clockwise' }),
  deviceId: Type.Optional(Type.Integer({ minimum: 1, description: "One of the tenant's devices (point, state, switch, chart)" })),
  code: Type.Optional(Type.String({ maxLength: 64, pattern: '^[^{}[\\]^\\s]{1,64}$', description: "A parameter code of that device's model" })),
  cameraId: Type.Optional(Type.Integer({ minimum: 1, description: "One of the tenant's cameras (camera)" })),
  pageId: Type.Optional(Type.Integer({ minimum: 1, description: 'Another scada page (link)' })),
  text: Type.Optional(Type.String({ maxLength: 500, description: 'Always shown as text, never as HTML' })),
  color: Type.Optional(Color()),
  fill: Type.Optional(Color()),
  fontSize: Type.Optional(Type.Integer({ minimum: 6, maximum: 200 })),
  src: Type.Optional(Upload()),
  shape: Type.Optional(Type.Enum(['rect', 'ellipse'])),
  thresholds: Type.Optional(Type.Array(Strict({ from: Type.Number({ minimum: -1e12, maximum: 1e12 }), color: Color() }), { maxItems: 10 })),
  decimals: Type.Optional(Type.Integer({ minimum: 0, maximum: 6 })),
  locked: Type.Optional(Type.Boolean()),
});

const DOC_DESCRIPTION = `A page's document: size, background (an upload under /upload/scada/ or ''), and at most ${MAX_ELEMENTS} elements (shared/scada/doc.ts).`;

/** A stored document, as answered (the type is shared/scada/doc.ts ScadaDoc, which the editor and viewer use at run time). */
export const ScadaDocSchema = Type.Unsafe<ScadaDoc>(
  Strict(
    {
      width: Type.Integer({ minimum: 100, maximum: 20000 }),
      height: Type.Integer({ minimum: 100, maximum: 20000 }),
      background: Type.Union([Type.Literal(''), Upload()]),
      elements: Type.Array(ScadaElementSchema, { maxItems: MAX_ELEMENTS }),
    },
    { description: DOC_DESCRIPTION },
  ),
);

/**
 * A document as a save sends it: its frame is checked here (types, size); its elements are checked
 * by the platform one by one (checkDoc) so the refusal names the element and the field, and the
 * number of elements with the editor's own message.
 */
export const ScadaDocIn = Type.Unsafe<ScadaDoc>(
  Strict(
    {
      width: Type.Integer({ minimum: 100, maximum: 20000 }),
      height: Type.Integer({ minimum: 100, maximum: 20000 }),
      background: Type.String({ maxLength: 100, description: "'' or a path under /upload/scada/ (POST /api/scada/background)" }),
      elements: Type.Array(Type.Object({}, { additionalProperties: true }), {
        description: `At most ${MAX_ELEMENTS}; each element's fields as in ScadaElement (kind ${SCADA_KINDS.join(', ')}), checked element by element: "Element 3: color is not valid"`,
      }),
    },
    { description: DOC_DESCRIPTION },
  ),
);

export const ScadaPageRow = Strict({
  id: Id(),
  name: Type.String(),
  description: Type.String(),
  elements: Count(),
  updatedAt: Time(),
  publishedAt: Time({ description: "'' while never published" }),
  unpublished: Type.Boolean({ description: 'The draft holds changes the published version does not' }),
});
export const ScadaPagePage = PageOf(ScadaPageRow);
export const ScadaListQuery = PageQueryOf({ keyword: Type.Optional(Text(0, 50, { description: 'Text in the name' })) });
export const ScadaNamed = Strict({ name: Text(...B.name, { description: 'Trimmed; unique among the tenant\'s pages' }), description: Type.Optional(Text(...B.description)) });

export const ScadaDraft = Strict({ ...ScadaPageRow.properties, revision: Int1(), doc: ScadaDocSchema });
export const ScadaDraftSave = Strict({
  revision: Int1('The revision this draft was based on; a save over a newer one is refused (40901)'),
  doc: ScadaDocIn,
});
export const ScadaSaved = Strict({
  revision: Int1(),
  updatedAt: Time(),
  dropped: Type.Integer({ minimum: 0, description: "Bindings dropped because they named devices or cameras that are not the tenant's" }),
});
export const ScadaView = Strict({ id: Id(), name: Type.String(), publishedAt: Time(), doc: ScadaDocSchema });
export const ScadaLiveQuery = Strict({ draft: Type.Optional(Type.Enum(['0', '1'], { description: "1: the draft's bindings (for the editor; needs scadaManage), else the published version's" })) });

export const ScadaLive = Strict({
  at: Type.Integer({ minimum: 0, description: 'ms since epoch of the answer' }),
  points: Type.Array(
    Strict({ deviceId: Id(), code: Type.String(), value: Type.Union([Type.Number(), Type.Null()]), unit: Type.String(), at: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]) }),
  ),
  devices: Type.Array(Strict({ id: Id(), name: Type.String(), status: Type.Enum(['online', 'offline', 'unknown']), alarms: Count() })),
  alarms: Strict(
    {
      total: Count(),
      latest: Type.Array(Strict({ id: Id(), deviceName: Type.String(), content: Type.String(), level: Type.String(), at: Time() }), { maxItems: 10 }),
    },
    { description: 'Open alarms of the tenant (for the bell and alarm list elements)' },
  ),
});

export const ScadaBindings = Strict({
  devices: Type.Array(
    Strict({
      id: Id(),
      code: Type.String(),
      name: Type.String(),
      params: Type.Array(Strict({ code: Type.String(), name: Type.String(), unit: Type.String(), access: Type.Enum(['r', 'rw']) })),
    }),
  ),
  cameras: Type.Array(Strict({ id: Id(), name: Type.String(), label: Type.String() })),
  pages: Type.Array(Strict({ id: Id(), name: Type.String() })),
});

export const ScadaBackground = Strict({ url: Type.String({ pattern: '^/upload/scada/[\\w.-]+$' }) });

export const ScadaTemplateRow = Strict({
  id: Id(),
  name: Type.String(),
  elements: Count(),
  source: Type.String({ description: "The page it was saved from ('' when that page is gone)" }),
  createdAt: Time(),
});
export const ScadaTemplatePage = PageOf(ScadaTemplateRow);
export const ScadaTemplateSave = Strict({ pageId: Id({ description: "The page whose draft becomes the template" }), name: Text(...B.name, { description: 'Trimmed; unique among the tenant\'s templates' }) });
export const ScadaNamedId = Strict({ id: Id(), name: Type.String() });
export const ScadaTemplate = Strict({ ...ScadaTemplateRow.properties, doc: ScadaDocSchema, devices: Type.Array(ScadaNamedId), cameras: Type.Array(ScadaNamedId) });

/** Template id → the tenant's id to bind instead (keys are the template's ids as text). */
const Rebind = (what: string) =>
  Type.Record(Type.String({ pattern: '^[1-9]\\d{0,9}$' }), Id(), { maxProperties: MAX_ELEMENTS, description: `Template ${what} id → the tenant's ${what} to bind instead; unmapped bindings are dropped` });
export const ScadaInstantiate = Strict({ name: Text(...B.name, { description: "The new page's name, unique among the tenant's pages" }), devices: Rebind('device'), cameras: Rebind('camera') });

export const ScadaDelete = Strict({ ids: Ids(MAX_LIMIT) });
export const ScadaDeleted = Strict({ deleted: Count() });

function Int1(description?: string) {
  return Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, ...(description ? { description } : {}) });
}

const row = { id: 1, name: 'Plant room', description: 'level B1', elements: 2, updatedAt: '2026-05-01 08:00:00', publishedAt: '', unpublished: true };
const doc: ScadaDoc = {
  width: 1280,
  height: 720,
  background: '',
  elements: [
    { id: 'a', kind: 'point', x: 10, y: 10, w: 120, h: 40, rotate: 0, deviceId: 3, code: 'temp', thresholds: [{ from: 30, color: '#ff0000' }] },
    { id: 'b', kind: 'text', x: 10, y: 60, w: 200, h: 40, rotate: 0, text: 'Chiller 1' },
  ],
};
const templateRow = { id: 1, name: 'Chiller', elements: 2, source: 'Plant room', createdAt: '2026-05-01 08:00:00' };
const manage = { menu: 'scadaManage' } as const;
const templates = { anyMenu: ['mapTemplateManage', 'scadaManage'] } as const;

export const ops = {
  page: operation({
    method: 'POST',
    path: '/api/scada/page/page',
    rights: manage,
    tag: TAG,
    summary: "The tenant's scada pages, newest change first, paged",
    description: 'Pages whose name contains the keyword; each with its element count and whether the draft holds unpublished changes.',
    body: ScadaListQuery,
    data: ScadaPagePage,
    examples: { body: { page: 1, limit: 20, keyword: 'Plant' }, data: { rows: [row], total: 1 } },
  }),
  bindings: operation({
    method: 'GET',
    path: '/api/scada/bindings',
    rights: manage,
    tag: TAG,
    summary: "What the editor's pickers bind: the tenant's devices (with their parameters), cameras and pages",
    description: "Only the tenant's own; a page lists its id and name (the witness list of the Scada tag).",
    data: ScadaBindings,
    examples: { data: { devices: [{ id: 3, code: 'CH-01', name: 'Chiller 1', params: [{ code: 'temp', name: 'Temperature', unit: '°C', access: 'r' }] }], cameras: [{ id: 2, name: 'Lobby', label: '' }], pages: [{ id: 1, name: 'Plant room' }] } },
  }),
  create: operation({
    method: 'POST',
    path: '/api/scada/page',
    rights: manage,
    tag: TAG,
    summary: 'Makes a page with an empty draft',
    description: 'Name 1–50 characters, unique among the tenant\'s pages (a taken name is refused naming name); description up to 200.',
    body: ScadaNamed,
    data: ScadaPageRow,
    examples: { body: { name: 'Plant room', description: 'level B1' }, data: { ...row, elements: 0 } },
  }),
  draft: operation({
    method: 'GET',
    path: '/api/scada/page/:id',
    rights: manage,
    tag: TAG,
    summary: 'The draft the editor works on, with its revision',
    description: "A page that is not the tenant's answers 'No such scada page'.",
    params: IdParams,
    data: ScadaDraft,
    examples: { params: { id: 1 }, data: { ...row, revision: 3, doc } },
  }),
  rename: operation({
    method: 'PUT',
    path: '/api/scada/page/:id',
    rights: manage,
    tag: TAG,
    summary: "Renames a page or changes its description",
    description: 'The name stays unique among the tenant\'s pages; the draft and the published version are not touched.',
    params: IdParams,
    body: ScadaNamed,
    data: ScadaPageRow,
    examples: { params: { id: 1 }, body: { name: 'Plant room B1', description: '' }, data: { ...row, name: 'Plant room B1', description: '' } },
  }),
  save: operation({
    method: 'PUT',
    path: '/api/scada/page/:id/draft',
    rights: manage,
    tag: TAG,
    summary: 'Saves the draft, refused when another save came first',
    description:
      'The save names the revision it was based on; when the page has a newer one the save is refused with code 40901 (data.field revision) and nothing changes, so two tabs or two users never silently overwrite each other. A document that breaks a rule is refused naming the element and field; bindings to devices or cameras that are not the tenant\'s are dropped and counted. Bodies up to 8 MB.',
    params: IdParams,
    body: ScadaDraftSave,
    data: ScadaSaved,
    examples: { params: { id: 1 }, body: { revision: 3, doc }, data: { revision: 4, updatedAt: '2026-05-01 08:05:00', dropped: 0 } },
  }),
  publish: operation({
    method: 'POST',
    path: '/api/scada/page/:id/publish',
    rights: manage,
    tag: TAG,
    summary: 'Publishes the draft: viewers see this version from now on',
    description: "A page that is not the tenant's answers 'No such scada page'.",
    params: IdParams,
    data: ScadaPageRow,
    examples: { params: { id: 1 }, data: { ...row, publishedAt: '2026-05-01 08:06:00', unpublished: false } },
  }),
  duplicate: operation({
    method: 'POST',
    path: '/api/scada/page/:id/duplicate',
    rights: manage,
    tag: TAG,
    summary: 'Copies a page (its draft) under a free name "name (2)"',
    description: 'The copy is unpublished.',
    params: IdParams,
    data: ScadaPageRow,
    examples: { params: { id: 1 }, data: { ...row, id: 2, name: 'Plant room (2)' } },
  }),
  delete: operation({
    method: 'POST',
    path: '/api/scada/page/delete',
    rights: manage,
    tag: TAG,
    summary: 'Deletes pages, all or none',
    description: "An id that is not one of the tenant's pages refuses the whole request and nothing is deleted.",
    body: ScadaDelete,
    data: ScadaDeleted,
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
  view: operation({
    method: 'GET',
    path: '/api/scada/page/:id/view',
    rights: 'user',
    tag: TAG,
    summary: 'The published version of a page (any signed-in user of the tenant)',
    description: "Refused while the page was never published, and for a page that is not the tenant's.",
    params: IdParams,
    data: ScadaView,
    examples: { params: { id: 1 }, data: { id: 1, name: 'Plant room', publishedAt: '2026-05-01 08:06:00', doc } },
  }),
  live: operation({
    method: 'GET',
    path: '/api/scada/page/:id/live',
    rights: 'user',
    tag: TAG,
    summary: "The values of every binding of a page, in one answer per poll",
    description: "Point values with units, device states with their open alarm counts, and the tenant's open alarms when the page shows a bell or an alarm list. draft=1 reads the draft's bindings, only for a user with scadaManage (the editor's preview); otherwise the published version.",
    params: IdParams,
    query: ScadaLiveQuery,
    data: ScadaLive,
    examples: {
      params: { id: 1 },
      query: { draft: '1' },
      data: { at: 1777622400000, points: [{ deviceId: 3, code: 'temp', value: 21.5, unit: '°C', at: 1777622399000 }], devices: [{ id: 3, name: 'Chiller 1', status: 'online', alarms: 0 }], alarms: { total: 0, latest: [] } },
    },
  }),
  background: operation({
    method: 'POST',
    path: '/api/scada/background',
    rights: manage,
    tag: TAG,
    summary: 'Uploads a background or image (multipart, one file)',
    description: 'multipart/form-data with one file: PNG, JPG or SVG by its content (never by name), at most 5 MB. An SVG is stored without script, event handlers, foreign objects or outside references; the answer is its path under /upload/scada/.',
    data: ScadaBackground,
    examples: { data: { url: '/upload/scada/1-abc.svg' } },
  }),
  templatePage: operation({
    method: 'POST',
    path: '/api/scada/template/page',
    rights: templates,
    tag: TEMPLATE_TAG,
    summary: "The tenant's templates, newest first, paged",
    description: `A tenant keeps at most ${MAX_TEMPLATES} templates; each names the page it was saved from.`,
    body: ScadaListQuery,
    data: ScadaTemplatePage,
    examples: { body: { page: 1, limit: 20 }, data: { rows: [templateRow], total: 1 } },
  }),
  templateCreate: operation({
    method: 'POST',
    path: '/api/scada/template',
    rights: manage,
    tag: TEMPLATE_TAG,
    summary: "Saves a page's draft as a template",
    description: `Refused when the tenant already keeps ${MAX_TEMPLATES} templates, or the name is taken (naming name).`,
    body: ScadaTemplateSave,
    data: ScadaTemplateRow,
    examples: { body: { pageId: 1, name: 'Chiller' }, data: templateRow },
  }),
  template: operation({
    method: 'GET',
    path: '/api/scada/template/:id',
    rights: templates,
    tag: TEMPLATE_TAG,
    summary: 'A template with its document and the devices and cameras it binds',
    description: "A template that is not the tenant's answers 'No such template'.",
    params: IdParams,
    data: ScadaTemplate,
    examples: { params: { id: 1 }, data: { ...templateRow, doc, devices: [{ id: 3, name: 'Chiller 1' }], cameras: [] } },
  }),
  instantiate: operation({
    method: 'POST',
    path: '/api/scada/template/:id/instantiate',
    rights: templates,
    tag: TEMPLATE_TAG,
    summary: "Makes a page from a template, its bindings re-bound to the tenant's devices and cameras",
    description: "Unmapped bindings, and mappings to devices or cameras that are not the tenant's, are dropped. The name must be free among the tenant's pages.",
    params: IdParams,
    body: ScadaInstantiate,
    data: ScadaPageRow,
    examples: { params: { id: 1 }, body: { name: 'Plant room 2', devices: { '3': 4 }, cameras: {} }, data: { ...row, id: 2, name: 'Plant room 2' } },
  }),
  templateDelete: operation({
    method: 'POST',
    path: '/api/scada/template/delete',
    rights: templates,
    tag: TEMPLATE_TAG,
    summary: 'Deletes templates, all or none',
    description: "An id that is not one of the tenant's templates refuses the whole request and nothing is deleted.",
    body: ScadaDelete,
    data: ScadaDeleted,
    examples: { body: { ids: [1] }, data: { deleted: 1 } },
  }),
};

