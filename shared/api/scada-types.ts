// Scada pages and templates (mapConfigManage scada/index, scada/template; /appEditor; the viewer).
//   POST   /api/scada/page/page {page, limit, keyword?}      → { rows: ScadaPageRow[], total }
//   POST   /api/scada/page {name, description}                → ScadaPageRow      a new page with an empty draft
//   GET    /api/scada/page/{id}                                → ScadaDraft        the draft the editor works on
//   PUT    /api/scada/page/{id}/draft ScadaDraftSave           → ScadaSaved        refused when `revision` is not the latest
//   POST   /api/scada/page/{id}/publish                        → ScadaPageRow      viewers see this version from now on
//   POST   /api/scada/page/{id}/duplicate                      → ScadaPageRow
//   POST   /api/scada/page/delete {ids}                        → { deleted }
//   GET    /api/scada/page/{id}/view                           → ScadaView         the published version (any user of the tenant)
//   GET    /api/scada/page/{id}/live                           → ScadaLive         values of every binding, one call per tab
//   GET    /api/scada/bindings                                 → ScadaBindings     devices (with parameters) and cameras to bind
//   POST   /api/scada/background (multipart file)              → { url }          PNG/JPG/SVG by content, SVG sanitised
//   POST   /api/scada/template/page {page, limit, keyword?}   → { rows: ScadaTemplateRow[], total }
//   POST   /api/scada/template {pageId, name}                  → ScadaTemplateRow  at most MAX_TEMPLATES per tenant
//   GET    /api/scada/template/{id}                            → ScadaTemplate     with the devices and cameras it binds
//   POST   /api/scada/template/{id}/instantiate ScadaInstantiate → ScadaPageRow
//   POST   /api/scada/template/delete {ids}                    → { deleted }
import type { Static } from 'typebox';
import type * as C from '../contract/scada.ts';

// The shapes come from the contract (shared/contract/scada.ts); a document is shared/scada/doc.ts ScadaDoc.
export type ScadaPageRow = Static<typeof C.ScadaPageRow>;
export type ScadaPagePage = Static<typeof C.ScadaPagePage>;
export type ScadaListQuery = Static<typeof C.ScadaListQuery>;
export type ScadaNamed = Static<typeof C.ScadaNamed>;
export type ScadaDraft = Static<typeof C.ScadaDraft>;
export type ScadaDraftSave = Static<typeof C.ScadaDraftSave>;
export type ScadaSaved = Static<typeof C.ScadaSaved>;
export type ScadaView = Static<typeof C.ScadaView>;
export type ScadaLive = Static<typeof C.ScadaLive>;
export type ScadaBindings = Static<typeof C.ScadaBindings>;
export type ScadaTemplateRow = Static<typeof C.ScadaTemplateRow>;
export type ScadaTemplatePage = Static<typeof C.ScadaTemplatePage>;
export type ScadaTemplate = Static<typeof C.ScadaTemplate>;
export type ScadaTemplateSave = Static<typeof C.ScadaTemplateSave>;
export type ScadaInstantiate = Static<typeof C.ScadaInstantiate>;
