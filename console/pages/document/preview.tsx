// Inline preview of a document's PDF or raster image. The file is fetched with the signed client
// (token in a header, never in a URL) and shown from memory: images in an <img> (which never runs
// script), PDFs drawn page by page onto a canvas by pdf.js, loaded only when a PDF is first opened.
// Nothing uploaded is ever put in a frame or opened on the console's origin.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentFilePath } from '../../../shared/api/document.ts';
import type { DocumentRow } from '../../../shared/api/document-types.ts';
import { fetchFile } from '../../../shared/http/download.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { Modal } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';
import * as css from './document.css.ts';

type PdfDocument = Awaited<ReturnType<typeof import('pdfjs-dist')['getDocument']>['promise']>;

async function openPdf(data: ArrayBuffer): Promise<PdfDocument> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs.getDocument({ data: new Uint8Array(data) }).promise;
}

export function Preview({ row, onClose }: { row: DocumentRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [pdf, setPdf] = useState<PdfDocument | null>(null);
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [drawn, setDrawn] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    let doc: PdfDocument | null = null;
    fetchFile(documentFilePath(row.id, undefined, true), row.fileName, { signal: abort.signal })
      .then(async ({ blob }) => {
        if (row.mime === 'application/pdf') {
          doc = await openPdf(await blob.arrayBuffer());
          if (abort.signal.aborted) return void doc.destroy();
          setPdf(doc);
        } else {
          url = URL.createObjectURL(blob);
          setImage(url);
        }
      })
      .catch((error: Error) => !abort.signal.aborted && setProblem(error.message));
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
      void doc?.destroy();
    };
  }, [row]);

  useEffect(() => {
    if (!pdf || !canvas.current) return;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let live = true;
    setDrawn(false);
    void pdf.getPage(page).then((p) => {
      if (!live || !canvas.current) return;
      const viewport = p.getViewport({ scale: 1.4 });
      canvas.current.width = Math.floor(viewport.width);
      canvas.current.height = Math.floor(viewport.height);
      task = p.render({ canvas: canvas.current, viewport });
      return task.promise.then(() => live && setDrawn(true));
    }).catch((error: Error) => live && error.name !== 'RenderingCancelledException' && setProblem(error.message));
    return () => {
      live = false;
      task?.cancel();
    };
  }, [pdf, page]);

  const pages = pdf?.numPages ?? 0;
  return (
    <Modal title={t('documents.previewTitle', { name: row.name })} onClose={onClose} wide testId="document-preview">
      {problem ? (
        <p className={kit.danger} role="alert">
          {t('documents.previewFailed', { message: problem })}
        </p>
      ) : null}
      {!problem && !image && !pdf ? <p className={kit.muted}>{t('documents.loading')}</p> : null}
      {image ? (
        <div className={css.stage}>
          <img className={css.image} src={image} alt={row.fileName} data-part="preview-image" />
        </div>
      ) : null}
      {pdf ? (
        <>
          <div className={css.line}>
            <button type="button" className={buttonGhost} disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>
              {t('documents.prevPage')}
            </button>
            <span data-part="page" aria-live="polite">
              {t('documents.page', { page, pages })}
            </span>
            <button type="button" className={buttonGhost} disabled={page >= pages} onClick={() => setPage((n) => n + 1)}>
              {t('documents.nextPage')}
            </button>
          </div>
          <div className={css.stage}>
            <canvas ref={canvas} className={css.canvas} data-part="pdf-page" data-drawn={drawn} role="img" aria-label={t('documents.page', { page, pages })} />
          </div>
        </>
      ) : null}
      <div className={kit.actions}>
        <button type="button" className={buttonGhost} onClick={onClose}>
          {t('documents.close')}
        </button>
      </div>
    </Modal>
  );
}
