// Scada pages (mapConfigManage scada/index, scadaManage) on the resource kit: create and rename,
// edit in the app designer (/appEditor), view the published version (/scada_view), publish,
// duplicate, save as a template (at most 10), copy the embed code, delete.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createScadaPage, deleteScadaPages, duplicateScadaPage, listScadaPages, publishScadaPage, renameScadaPage, saveAsTemplate } from '../../../shared/api/scada.ts';
import type { ScadaPageRow } from '../../../shared/api/scada-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { MAX_TEMPLATES } from '../../../shared/scada/doc.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { scadaPageSchema } from '../../../shared/validate/scada.ts';
import { defineResource, Modal, ResourcePage } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import './texts.ts';

const toast = (key: string, params: Record<string, string | number> = {}, level: 'success' | 'error' = 'success') => notify({ kind: 'toast', level, duration: 3000, key, params });

/** Opens the app designer for a page (a whole window of its own). */
export const editorPath = (id: number): string => `/appEditor?id=${id}`;
export const viewerPath = (id: number): string => `/scada_view?id=${id}`;

export function embedSnippet(id: number, origin = location.origin): string {
  return `<script src="${origin}/widgets/atrium.js"></script>\n<atrium-scada-page page-id="${id}" style="display:block;height:600px"></atrium-scada-page>`;
}

function TemplatePrompt({ row, onClose }: { row: ScadaPageRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(row.name);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError('');
    try {
      const made = await saveAsTemplate({ post: (url, body) => http.post(url, body, { quiet: true }) }, row.id, name.trim());
      toast('scada.templateSaved', { name: made.name });
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={t('scada.saveTemplate')} onClose={onClose} testId="scada-template-prompt">
      <form /* not the resource kit: one name prompt saving a page as a template */
        className={kit.form}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className={kit.filter} style={{ width: '100%' }}>
          {t('scada.templateName')}
          <input className={input} value={name} maxLength={50} onChange={(e) => setName(e.currentTarget.value)} aria-invalid={Boolean(error)} aria-describedby="scada-template-error" />
        </label>
        <p className={kit.muted}>{t('scada.templateLimit', { max: MAX_TEMPLATES })}</p>
        <p id="scada-template-error" role="alert" style={{ color: 'var(--atrium-color-danger, #F56C6C)', margin: 0 }}>
          {error}
        </p>
        <div className={kit.actions}>
          <button type="button" className={buttonGhost} onClick={onClose}>
            {t('scada.cancel')}
          </button>
          <button type="submit" className={button} disabled={busy || !name.trim()}>
            {t('scada.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function EmbedCode({ row, onClose }: { row: ScadaPageRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const code = embedSnippet(row.id);
  return (
    <Modal title={t('scada.embed')} onClose={onClose} wide testId="scada-embed">
      <p className={kit.muted}>{t('scada.embedHint')}</p>
      <pre data-part="snippet" style={{ whiteSpace: 'pre-wrap', userSelect: 'all', padding: 8, border: '1px solid var(--atrium-color-border, #444)' }}>
        {code}
      </pre>
      <div className={kit.actions}>
        <button
          type="button"
          className={buttonGhost}
          onClick={() =>
            void navigator.clipboard?.writeText(code).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t('scada.copied') : t('scada.copy')}
        </button>
        <button type="button" className={button} onClick={onClose}>
          {t('scada.close')}
        </button>
      </div>
    </Modal>
  );
}

/** What the page list's row actions reach on the page: going to the editor or the viewer, its dialogs. */
interface ScadaListPage {
  navigate: (path: string) => unknown;
  setTemplate: (row: ScadaPageRow) => void;
  setEmbed: (row: ScadaPageRow) => void;
}

export const scadaResource = defineResource<ScadaPageRow, ScadaListPage>({
  id: 'scada',
  operation: 'scada.page',
  titleKey: 'scada.title',
  rowKey: (r) => r.id,
  rowName: (r) => r.name,
  columns: [
    { id: 'name', headerKey: 'scada.field.name', field: 'name' },
    { id: 'description', headerKey: 'scada.field.description', field: 'description' },
    { id: 'elements', headerKey: 'scada.field.elements', field: 'elements' },
    {
      id: 'state',
      headerKey: 'scada.field.state',
      field: ['publishedAt', 'unpublished'],
      cell: (r, { t }) => <span data-state={!r.publishedAt ? 'draft' : r.unpublished ? 'changed' : 'published'}>{t(`scada.state.${!r.publishedAt ? 'draft' : r.unpublished ? 'changed' : 'published'}`)}</span>,
    },
    { id: 'updatedAt', headerKey: 'scada.field.updatedAt', field: 'updatedAt' },
    { id: 'publishedAt', headerKey: 'scada.field.publishedAt', field: 'publishedAt' },
  ],
  filters: [{ kind: 'text', name: 'keyword', labelKey: 'scada.field.keyword' }],
  list: (q, signal) => listScadaPages(http, { page: q.page, limit: q.limit, ...(typeof q.filters.keyword === 'string' && q.filters.keyword.trim() ? { keyword: q.filters.keyword.trim() } : {}) }, signal),
  form: {
    saves: { create: 'scada.create', update: 'scada.rename' },
    fields: () => [
      { kind: 'text', name: 'name', labelKey: 'scada.field.name', rules: scadaPageSchema.name, initial: (r) => r?.name ?? '' },
      { kind: 'textarea', name: 'description', labelKey: 'scada.field.description', rules: scadaPageSchema.description, initial: (r) => r?.description ?? '' },
    ],
    save: async (body, r) => {
      const named = body as { name: string; description: string };
      await (r ? renameScadaPage(http, r.id, named) : createScadaPage(http, named));
    },
  },
  remove: (rows) => deleteScadaPages(http, rows.map((r) => r.id)),
  rowActions: [
    { key: 'edit-page', labelKey: 'scada.edit', run: (r, _reload, { page }) => void page.navigate(editorPath(r.id)) },
    { key: 'view', labelKey: 'scada.view', show: (r) => Boolean(r.publishedAt), run: (r, _reload, { page }) => void page.navigate(viewerPath(r.id)) },
    {
      key: 'publish',
      labelKey: 'scada.publish',
      run: async (r, reload) => {
        await publishScadaPage(http, r.id);
        toast('scada.published');
        reload();
      },
    },
    {
      key: 'duplicate',
      labelKey: 'scada.duplicate',
      run: async (r, reload) => {
        const copy = await duplicateScadaPage(http, r.id);
        toast('scada.duplicated', { name: copy.name });
        reload();
      },
    },
    { key: 'template', labelKey: 'scada.saveTemplate', run: (r, _reload, { page }) => page.setTemplate(r) },
    { key: 'embed', labelKey: 'scada.embed', show: (r) => Boolean(r.publishedAt), run: (r, _reload, { page }) => page.setEmbed(r) },
  ],
});

export default function ScadaPagesPage() {
  const [template, setTemplate] = useState<ScadaPageRow | null>(null);
  const [embed, setEmbed] = useState<ScadaPageRow | null>(null);
  const navigate = useNavigate();

  const def = scadaResource;

  return (
    <div data-page="scada">
      <ResourcePage def={def} page={{ navigate, setTemplate, setEmbed }} />
      {template ? <TemplatePrompt row={template} onClose={() => setTemplate(null)} /> : null}
      {embed ? <EmbedCode row={embed} onClose={() => setEmbed(null)} /> : null}
    </div>
  );
}
