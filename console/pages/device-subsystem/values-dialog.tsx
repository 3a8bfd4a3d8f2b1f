// A device's current values with their units, refreshed every 10 s while open and visible; read-write parameters
// take a new value that goes to the device through its gateway (the platform's answer — gateway
// offline, no answer, exception, out of range — shows beside the value).
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { devicePoints, writePoint } from '../../../shared/api/point.ts';
import type { PointValue } from '../../../shared/api/point-types.ts';
import type { Device } from '../../../shared/api/device-types.ts';
import { timeText } from '../../../shared/forms/date-text.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { failureText } from '../../state/sign-in.ts';
import { Modal } from '../../resource/index.ts';
import { usePoll } from '../../resource/use-poll.ts';
import * as css from '../../resource/resource.css.ts';

const REFRESH_MS = 10_000;

export function ValuesDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation();
  const [points, setPoints] = useState<PointValue[] | null>(null);
  const load = useCallback(() => devicePoints(http, device.id, { quiet: true }).then(setPoints, () => setPoints((p) => p ?? [])), [device.id]);
  usePoll(load, REFRESH_MS, device.id);
  return (
    <Modal title={t('subsystem.valuesOf', { name: `${device.code} ${device.name}` })} onClose={onClose} wide testId="device-values">
      {points === null ? (
        <p className={css.muted} aria-busy="true">
          …
        </p>
      ) : points.length === 0 ? (
        <p className={css.muted}>{t('subsystem.noValues')}</p>
      ) : (
        <table /* not the resource kit: a device's live point values, replaced on each poll, not a paged list */ className={css.table}>
          <thead>
            <tr>
              {['param', 'value', 'time', 'write'].map((c) => (
                <th key={c} className={css.cell} scope="col">
                  {t(`subsystem.values.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.code} data-point={p.code}>
                <td className={css.cell}>{p.name}</td>
                <td className={css.cell} data-value>
                  {p.value === null ? '—' : `${p.value}${p.unit ? ` ${p.unit}` : ''}`}
                </td>
                <td className={css.cell}>{p.at ? timeText(p.at) : ''}</td>
                <td className={css.cell}>{p.access === 'rw' ? <WriteControl deviceId={device.id} point={p} onWritten={() => void load()} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={css.toolbar}>
        <button type="button" className={buttonGhost} onClick={onClose} data-action="close-values">
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}

function WriteControl({ deviceId, point, onWritten }: { deviceId: number; point: PointValue; onWritten: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(n)) return setProblem(t('validate.numeric'));
    setBusy(true);
    setProblem(null);
    try {
      await writePoint(http, deviceId, { code: point.code, value: n });
      notify({ kind: 'toast', level: 'success', duration: 2000, key: 'subsystem.written' });
      setValue('');
      onWritten();
    } catch (error) {
      setProblem(failureText(error, t('http.requestError')));
    } finally {
      setBusy(false);
    }
  };
  const errorId = `write-${point.code}-error`;
  return (
    <form /* not the resource kit: one inline value written to a point, inside a table row */ onSubmit={(e) => void submit(e)} style={{ display: 'flex', gap: 4, alignItems: 'center', flexWrap: 'wrap' }} noValidate>
      <input
        className={input}
        name={`write-${point.code}`}
        inputMode="decimal"
        aria-label={t('subsystem.writeLabel', { name: point.name, min: point.min, max: point.max })}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        style={{ width: 90 }}
      />
      <button type="submit" className={button} disabled={busy}>
        {t('subsystem.write')}
      </button>
      {problem ? (
        <span id={errorId} role="alert" className={css.fieldError}>
          {problem}
        </span>
      ) : null}
    </form>
  );
}
