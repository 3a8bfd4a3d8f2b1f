// Scada templates (mapConfigManage scada/template, mapTemplateManage): the tenant's templates (at most
// 10, SPEC §9), saved from its pages; a new page from a template binds chosen devices and cameras in
// place of the template's own (a mapping dialog), and templates are deleted after confirmation.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteScadaTemplates, instantiateTemplate, listScadaTemplates, loadScadaTemplate, scadaBindings } from '../../../shared/api/scada.ts';
import type { ScadaBindings, ScadaTemplate, ScadaTemplateRow } from '../../../shared/api/scada-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { MAX_TEMPLATES } from '../../../shared/scada/doc.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { defineResource, Modal, ResourcePage } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import '../scada/texts.ts';
import { Choice } from '../../resource/picker.tsx';

/** Every template binding mapped to itself unless the user chose otherwise ('' drops it). */
export function mappingOf(ids: readonly number[], chosen: Readonly<Record<number, string>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of ids) {
    const pick = chosen[id] ?? String(id);
    if (pick !== '') out[String(id)] = Number(pick);
  }
  return out;
}

function FromTemplate({ row, onClose }: { row: ScadaTemplateRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [template, setTemplate] = useState<ScadaTemplate | null>(null);
  const [choices, setChoices] = useState<ScadaBindings | null>(null);
  const [name, setName] = useState(`${row.name} 1`);
  const [devices, setDevices] = useState<Record<number, string>>({});
  const [cameras, setCameras] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadScadaTemplate(http, row.id).then(setTemplate, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
    void scadaBindings(http).then(setChoices, () => setChoices({ devices: [], cameras: [], pages: [] }));
  }, [row.id]);

  const create = async () => {
    if (!template) return;
    setBusy(true);
    setError('');
    try {
      const body = { name: name.trim(), devices: mappingOf(template.devices.map((d) => d.id), devices), cameras: mappingOf(template.cameras.map((c) => c.id), cameras) };
      const made = await instantiateTemplate({ post: (url, b) => http.post(url, b, { quiet: true }) }, row.id, body);
      notify({ kind: 'toast', level: 'success', duration: 3000, key: 'scada.created', params: { name: made.name } });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t('scada.useTemplate')} onClose={onClose} wide testId="scada-from-template">
      <form /* not the resource kit: binds a template's placeholders to devices and cameras, fields known only from the template */
        className={kit.form}
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className={kit.filter} style={{ width: '100%' }}>
          {t('scada.newPageName')}
          <input className={input} value={name} maxLength={50} onChange={(e) => setName(e.currentTarget.value)} data-field="name" />
        </label>
        <h3 className={kit.dialogTitle}>{t('scada.mapping')}</h3>
        <p className={kit.muted}>{t('scada.mappingHint')}</p>
        {!template || !choices ? <p className={kit.muted}>…</p> : null}
        {template && choices
          ? template.devices.map((d) => (
              <label key={`d${d.id}`} className={kit.filter} style={{ width: '100%' }}>
                {d.name}
                <Choice
                  value={devices[d.id] ?? String(d.id)}
                  onChange={(v) => setDevices((m) => ({ ...m, [d.id]: String(v) }))}
                  options={choices.devices.map((c) => ({ value: String(c.id), label: `${c.code} · ${c.name}` }))}
                  emptyLabel={t('scada.drop')}
                  data={{ 'data-map-device': String(d.id) }}
                />
              </label>
            ))
          : null}
        {template && choices
          ? template.cameras.map((c) => (
              <label key={`c${c.id}`} className={kit.filter} style={{ width: '100%' }}>
                {c.name}
                <Choice
                  value={cameras[c.id] ?? String(c.id)}
                  onChange={(v) => setCameras((m) => ({ ...m, [c.id]: String(v) }))}
                  options={choices.cameras.map((o) => ({ value: String(o.id), label: o.name }))}
                  emptyLabel={t('scada.drop')}
                  data={{ 'data-map-camera': String(c.id) }}
                />
              </label>
            ))
          : null}
        <p role="alert" style={{ color: 'var(--atrium-color-danger, #F56C6C)', margin: 0 }}>
          {error}
        </p>
        <div className={kit.actions}>
          <button type="button" className={buttonGhost} onClick={onClose}>
            {t('scada.cancel')}
          </button>
          <button type="submit" className={button} disabled={busy || !template || !name.trim()} data-action="create-from-template">
            {t('scada.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** What scadaTemplateResource's row actions reach on the page: its dialogs. */
interface ScadaTemplatePage { setUsing: (row: ScadaTemplateRow | null) => void }

export const scadaTemplateResource = defineResource<ScadaTemplateRow, ScadaTemplatePage>({
  id: 'scada-template',
  operation: 'scada.templatePage',
  titleKey: 'scada.templatesTitle',
  rowKey: (r) => r.id,
  rowName: (r) => r.name,
  columns: [
    { id: 'name', headerKey: 'scada.field.name', field: 'name' },
    { id: 'elements', headerKey: 'scada.field.elements', field: 'elements' },
    { id: 'source', headerKey: 'scada.field.source', field: 'source' },
    { id: 'createdAt', headerKey: 'scada.field.createdAt', field: 'createdAt' },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'scada.field.keyword' }],
  list: (q, signal) => listScadaTemplates(http, { page: q.page, limit: q.limit, ...(typeof q.filters.keyword === 'string' && q.filters.keyword.trim() ? { keyword: q.filters.keyword.trim() } : {}) }, signal),
  remove: (rows) => deleteScadaTemplates(http, rows.map((r) => r.id)),
  rowActions: [{ key: 'use', labelKey: 'scada.useTemplate', run: (r, _reload, { page }) => page.setUsing(r) }],
});

export default function ScadaTemplatesPage() {
  const { t } = useTranslation();
  const [using, setUsing] = useState<ScadaTemplateRow | null>(null);
  const def = scadaTemplateResource;
  return (
    <div data-page="scada-template">
      <p className={kit.muted}>{t('scada.templateLimit', { max: MAX_TEMPLATES })}</p>
      <ResourcePage def={def} page={{ setUsing }} />
      {using ? <FromTemplate row={using} onClose={() => setUsing(null)} /> : null}
    </div>
  );
}
