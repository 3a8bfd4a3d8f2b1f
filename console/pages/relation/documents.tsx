// Relation document: the documents related to a chosen device (the relation is set on the document's
// form, documentManager document/index), each downloadable. Shown to users who hold the documents page.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentFilePath, listDocuments } from '../../../shared/api/document.ts';
import type { DocumentRow } from '../../../shared/api/document-types.ts';
import { downloadFile } from '../../../shared/http/download.ts';
import { http } from '../../../shared/http/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { Choice } from '../../resource/picker.tsx';
import type { Option } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';

export function DeviceDocuments({ devices }: { devices: readonly Option[] }) {
  const { t } = useTranslation();
  const [deviceId, setDeviceId] = useState('');
  // The answer remembers which device it is for: another choice shows nothing until its own arrives.
  const [answer, setAnswer] = useState<{ deviceId: string; rows: DocumentRow[] } | null>(null);
  useEffect(() => {
    if (!deviceId) return;
    const abort = new AbortController();
    listDocuments(http, { page: 1, limit: 100, deviceId: Number(deviceId) }, abort.signal).then((p) => setAnswer({ deviceId, rows: p.rows }), () => undefined);
    return () => abort.abort();
  }, [deviceId]);
  const rows = deviceId && answer?.deviceId === deviceId ? answer.rows : null;
  return (
    <section aria-label={t('relations.documents.title')} data-part="device-documents">
      <div className={kit.toolbar}>
        <h3 className={kit.dialogTitle}>{t('relations.documents.title')}</h3>
        <div className={kit.filter}>
          <span aria-hidden="true">{t('relations.field.device')}</span>
          <Choice name="document-device" options={devices} value={deviceId} onChange={(v) => setDeviceId(String(v))} emptyLabel="—" inputProps={{ 'aria-label': t('relations.field.device') }} />
        </div>
      </div>
      {!deviceId ? <p className={kit.muted}>{t('relations.documents.choose')}</p> : null}
      {rows && rows.length === 0 ? <p className={kit.muted}>{t('relations.documents.none')}</p> : null}
      {rows && rows.length > 0 ? (
        <ul>
          {rows.map((d) => (
            <li key={d.id} data-document={d.number}>
              {d.number} · {d.name} · {d.fileName}{' '}
              <button type="button" className={buttonGhost} onClick={() => void downloadFile(documentFilePath(d.id), d.fileName).catch(() => undefined)}>
                {t('relations.documents.download')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
