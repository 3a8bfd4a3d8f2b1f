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
import type { ScadaDoc } from '../scada/doc.ts';

export interface ScadaPageRow {
  id: number;
  name: string;
  description: string;
  elements: number;
  /** YYYY-MM-DD HH:mm:ss */
  updatedAt: string;
  /** '' while never published. */
  publishedAt: string;
  /** The draft holds changes the published version does not. */
  unpublished: boolean;
}

export interface ScadaDraft extends ScadaPageRow {
  revision: number;
  doc: ScadaDoc;
}

export interface ScadaDraftSave {
  /** The revision this draft was based on; a save over a newer one is refused. */
  revision: number;
  doc: ScadaDoc;
}

export interface ScadaSaved {
  revision: number;
  updatedAt: string;
  /** Bindings dropped because they named devices or cameras that are not the tenant's. */
  dropped: number;
}

export interface ScadaView {
  id: number;
  name: string;
  publishedAt: string;
  doc: ScadaDoc;
}

export interface ScadaLive {
  /** ms since epoch of the answer. */
  at: number;
  points: Array<{ deviceId: number; code: string; value: number | null; unit: string; at: number | null }>;
  devices: Array<{ id: number; name: string; status: 'online' | 'offline' | 'unknown'; alarms: number }>;
  /** Open alarms of the tenant (for the bell and alarm list elements). */
  alarms: { total: number; latest: Array<{ id: number; deviceName: string; content: string; level: string; at: string }> };
}

export interface ScadaBindings {
  devices: Array<{ id: number; code: string; name: string; params: Array<{ code: string; name: string; unit: string; access: 'r' | 'rw' }> }>;
  cameras: Array<{ id: number; name: string; label: string }>;
  pages: Array<{ id: number; name: string }>;
}

export interface ScadaTemplateRow {
  id: number;
  name: string;
  elements: number;
  /** The page it was saved from ('' when that page is gone). */
  source: string;
  createdAt: string;
}

export interface ScadaTemplate extends ScadaTemplateRow {
  doc: ScadaDoc;
  devices: Array<{ id: number; name: string }>;
  cameras: Array<{ id: number; name: string }>;
}

export interface ScadaInstantiate {
  name: string;
  /** Template device id → the tenant's device to bind instead (unmapped bindings are dropped). */
  devices: Record<string, number>;
  cameras: Record<string, number>;
}
