// The designer's properties panel: the page (size, background) when nothing is selected, else the
// selected element's geometry, look and bindings picked from the tenant's real devices, parameters,
// cameras and pages. Each change is one undo step.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadScadaImage } from '../../../shared/api/scada.ts';
import type { ScadaBindings } from '../../../shared/api/scada-types.ts';
import { DEVICE_KINDS, PARAM_KINDS, type ScadaDoc, type ScadaElement, type Threshold } from '../../../shared/scada/doc.ts';
import { buttonGhost, input } from '../../../shared/theme/base.css.ts';
import * as css from './app-editor.css.ts';
import { Choice } from '../../resource/picker.tsx';

type Change = Partial<ScadaElement>;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={css.field}>
      <span>{label}</span>
      {children}
    </label>
  );
}

/** A number input that commits on change when the text is a number within range. */
function NumberInput({ value, onCommit, min, max, step = 1, name }: { value: number; onCommit: (n: number) => void; min: number; max: number; step?: number; name: string }) {
  return (
    <input
      className={`${input} ${css.small}`}
      type="number"
      name={name}
      value={Number.isInteger(value) ? value : Number(value.toFixed(2))}
      min={min}
      max={max}
      step={step}
      onChange={(e) => {
        const n = Number(e.currentTarget.value);
        if (e.currentTarget.value !== '' && Number.isFinite(n) && n >= min && n <= max) onCommit(n);
      }}
    />
  );
}

/** #rgb, #rrggbb or #rrggbbaa as the colour input's #rrggbb (the alpha is kept when unchanged). */
const hex6 = (c: string | undefined, fallback: string): string => {
  const v = c ?? fallback;
  if (/^#[0-9a-f]{3}$/i.test(v)) return `#${[...v.slice(1)].map((x) => x + x).join('')}`;
  return /^#[0-9a-f]{6}/i.test(v) ? v.slice(0, 7) : fallback;
};

function Upload({ label, onUploaded }: { label: string; onUploaded: (url: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <label className={buttonGhost} style={{ cursor: 'pointer', textAlign: 'center' }}>
      {busy ? '…' : label}
      <input
        type="file"
        accept="image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg"
        hidden
        data-part="upload"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          setBusy(true);
          uploadScadaImage(file)
            .then(({ url }) => onUploaded(url))
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      />
    </label>
  );
}

export function PageProperties({ doc, onChange }: { doc: ScadaDoc; onChange: (doc: ScadaDoc) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className={css.heading}>{t('editor.page')}</h3>
      <div className={css.pair}>
        <Field label={t('editor.width')}>
          <NumberInput name="page-width" value={doc.width} min={100} max={20000} onCommit={(width) => onChange({ ...doc, width })} />
        </Field>
        <Field label={t('editor.height')}>
          <NumberInput name="page-height" value={doc.height} min={100} max={20000} onCommit={(height) => onChange({ ...doc, height })} />
        </Field>
      </div>
      <Field label={t('editor.background')}>
        <Upload label={t('editor.uploadBackground')} onUploaded={(background) => onChange({ ...doc, background })} />
      </Field>
      {doc.background ? (
        <button type="button" className={buttonGhost} onClick={() => onChange({ ...doc, background: '' })}>
          {t('editor.removeBackground')}
        </button>
      ) : null}
      <p className={css.hint}>{t('editor.nothingSelected')}</p>
      <p className={css.hint}>{t('editor.keys')}</p>
    </>
  );
}

export function ElementProperties({ el, bindings, onChange }: { el: ScadaElement; bindings: ScadaBindings | null; onChange: (change: Change) => void }) {
  const { t } = useTranslation();
  const device = bindings?.devices.find((d) => d.id === el.deviceId);
  const params = (device?.params ?? []).filter((p) => el.kind !== 'switch' || p.access === 'rw');
  const thresholds = el.thresholds ?? [];
  const setThreshold = (i: number, next: Threshold | null) => {
    const list = thresholds.slice();
    if (next) list[i] = next;
    else list.splice(i, 1);
    onChange({ thresholds: list.length ? list : undefined });
  };
  return (
    <div data-part="element-properties" data-kind={el.kind}>
      <h3 className={css.heading}>{t(`editor.kind.${el.kind}`)}</h3>
      <div className={css.pair}>
        {(['x', 'y', 'w', 'h'] as const).map((k) => (
          <Field key={k} label={t(`editor.${k}`)}>
            <NumberInput name={k} value={el[k]} min={k === 'w' || k === 'h' ? 2 : -20000} max={20000} onCommit={(n) => onChange({ [k]: n })} />
          </Field>
        ))}
        <Field label={t('editor.rotate')}>
          <NumberInput name="rotate" value={el.rotate} min={-360} max={360} onCommit={(rotate) => onChange({ rotate })} />
        </Field>
        <label className={css.field}>
          <span>{t('editor.locked')}</span>
          <input type="checkbox" checked={el.locked === true} onChange={(e) => onChange({ locked: e.currentTarget.checked || undefined })} />
        </label>
      </div>

      {DEVICE_KINDS.has(el.kind) ? (
        <Field label={t('editor.device')}>
          <Choice
            className={css.small}
            name="device"
            value={el.deviceId === undefined ? '' : String(el.deviceId)}
            onChange={(v) => onChange({ deviceId: v ? Number(v) : undefined, code: undefined })}
            options={(bindings?.devices ?? []).map((d) => ({ value: String(d.id), label: `${d.code} · ${d.name}` }))}
            emptyLabel={t('editor.none')}
          />
        </Field>
      ) : null}
      {PARAM_KINDS.has(el.kind) ? (
        <Field label={t('editor.param')}>
          <select className={`${input} ${css.small}`} name="param" value={el.code ?? ''} onChange={(e) => onChange({ code: e.currentTarget.value || undefined })} disabled={!device}>
            <option value="">{t('editor.none')}</option>
            {params.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name} ({p.code}{p.unit ? `, ${p.unit}` : ''})
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {el.kind === 'camera' ? (
        <Field label={t('editor.camera')}>
          <Choice
            className={css.small}
            name="camera"
            value={el.cameraId === undefined ? '' : String(el.cameraId)}
            onChange={(v) => onChange({ cameraId: v ? Number(v) : undefined })}
            options={(bindings?.cameras ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            emptyLabel={t('editor.none')}
          />
        </Field>
      ) : null}
      {el.kind === 'link' ? (
        <Field label={t('editor.target')}>
          <select className={`${input} ${css.small}`} name="target" value={el.pageId ?? ''} onChange={(e) => onChange({ pageId: e.currentTarget.value ? Number(e.currentTarget.value) : undefined })}>
            <option value="">{t('editor.none')}</option>
            {bindings?.pages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {el.kind === 'image' ? <Upload label={t('editor.uploadImage')} onUploaded={(src) => onChange({ src })} /> : null}
      {el.kind === 'shape' ? (
        <Field label={t('editor.shape')}>
          <select className={`${input} ${css.small}`} name="shape" value={el.shape ?? 'rect'} onChange={(e) => onChange({ shape: e.currentTarget.value as 'rect' | 'ellipse' })}>
            <option value="rect">{t('editor.rect')}</option>
            <option value="ellipse">{t('editor.ellipse')}</option>
          </select>
        </Field>
      ) : null}
      {el.kind !== 'camera' && el.kind !== 'chart' && el.kind !== 'alarms' ? (
        <Field label={t('editor.text')}>
          <input className={`${input} ${css.small}`} name="text" value={el.text ?? ''} maxLength={500} onChange={(e) => onChange({ text: e.currentTarget.value || undefined })} />
        </Field>
      ) : null}
      <Field label={t('editor.color')}>
        <input type="color" name="color" value={hex6(el.color, '#e5eaf3')} onChange={(e) => onChange({ color: e.currentTarget.value })} />
      </Field>
      {el.kind === 'shape' ? (
        <Field label={t('editor.fill')}>
          <input type="color" name="fill" value={hex6(el.fill, '#8d98ff')} onChange={(e) => onChange({ fill: e.currentTarget.value })} />
        </Field>
      ) : null}
      {['point', 'text', 'switch', 'link', 'bell'].includes(el.kind) ? (
        <Field label={t('editor.fontSize')}>
          <NumberInput name="fontSize" value={el.fontSize ?? 16} min={6} max={200} onCommit={(fontSize) => onChange({ fontSize })} />
        </Field>
      ) : null}
      {el.kind === 'point' ? (
        <>
          <Field label={t('editor.decimals')}>
            <NumberInput name="decimals" value={el.decimals ?? 1} min={0} max={6} onCommit={(decimals) => onChange({ decimals })} />
          </Field>
          <h3 className={css.heading}>{t('editor.thresholds')}</h3>
          {thresholds.map((th, i) => (
            <div key={i} className={css.pair}>
              <NumberInput name={`threshold-${i}`} value={th.from} min={-1e12} max={1e12} step={0.1} onCommit={(from) => setThreshold(i, { ...th, from })} />
              <span style={{ display: 'flex', gap: 4 }}>
                <input type="color" value={hex6(th.color, '#f56c6c')} onChange={(e) => setThreshold(i, { ...th, color: e.currentTarget.value })} aria-label={t('editor.color')} />
                <button type="button" className={buttonGhost} onClick={() => setThreshold(i, null)} aria-label={t('editor.remove')}>
                  ×
                </button>
              </span>
            </div>
          ))}
          {thresholds.length < 10 ? (
            <button type="button" className={buttonGhost} onClick={() => onChange({ thresholds: [...thresholds, { from: 0, color: '#f56c6c' }] })}>
              {t('editor.addThreshold')}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
