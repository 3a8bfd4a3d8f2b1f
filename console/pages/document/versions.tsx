// A document's versions, newest first, each downloadable.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentFilePath, listVersions } from '../../../shared/api/document.ts';
import type { DocumentRow, DocumentVersion } from '../../../shared/api/document-types.ts';
import { downloadFile } from '../../../shared/http/download.ts';
import { http } from '../../../shared/http/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { Modal } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import { sizeText } from './file-field.tsx';

export function Versions({ row, onClose }: { row: DocumentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [versions, setVersions] = useState<DocumentVersion[] | null>(null);
  useEffect(() => {
    listVersions(http, row.id).then(setVersions, () => setVersions([]));
  }, [row.id]);
  return (
    <Modal title={t('documents.versionsTitle', { name: row.name })} onClose={onClose} wide testId="document-versions">
      {versions === null ? (
        <p className={kit.muted}>{t('documents.loading')}</p>
      ) : (
        <table /* not the resource kit: one document's versions inside a dialog, no paging, filters or selection */ className={kit.table}>
          <thead>
            <tr>
              <th className={kit.head}>{t('documents.field.version')}</th>
              <th className={kit.head}>{t('documents.field.file')}</th>
              <th className={kit.head}>{t('documents.field.size')}</th>
              <th className={kit.head}>{t('documents.field.updated')}</th>
              <th className={kit.head}>SHA-256</th>
              <th className={kit.head} />
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version} className={kit.row} data-version={v.version}>
                <td className={kit.cell}>
                  {t('documents.versionLabel', { version: v.version })}
                  {v.version === row.version ? ` · ${t('documents.current')}` : ''}
                </td>
                <td className={kit.cell}>{v.fileName}</td>
                <td className={kit.cell}>{sizeText(v.size)}</td>
                <td className={kit.cell}>
                  {v.uploadedAt} · {v.uploadedBy}
                </td>
                <td className={kit.cell}>
                  <code title={v.sha256}>{v.sha256.slice(0, 12)}…</code>
                </td>
                <td className={kit.cell}>
                  <button type="button" className={buttonGhost} onClick={() => void downloadFile(documentFilePath(row.id, v.version), v.fileName).catch(() => undefined)}>
                    {t('documents.download')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={kit.actions}>
        <button type="button" className={buttonGhost} onClick={onClose}>
          {t('documents.close')}
        </button>
      </div>
    </Modal>
  );
}
