// A tenant's vouchers for the platform operator: each code, provisional (with its expiry) or perpetual;
// issue one, withdraw one. A tenant left without a valid voucher answers 'Illegal License' to its users.
import { DateRangeField } from '../../../shared/forms/date-range-field.tsx';
import { addDays, addMonths, dayText } from '../../../shared/forms/date-text.ts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { issueVoucher, listVouchers, withdrawVoucher, type TenantRow, type Voucher } from '../../../shared/api/tenant-admin.ts';
import { http, RequestError } from '../../../shared/http/index.ts';
import { button, buttonGhost, input } from '../../../shared/theme/base.css.ts';
import { Modal } from '../../resource/index.ts';
import * as kit from '../../resource/resource.css.ts';

export function Vouchers({ tenant, onClose }: { tenant: TenantRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Voucher[] | null>(null);
  const [kind, setKind] = useState<Voucher['kind']>('provisional');
  const [expiresOn, setExpiresOn] = useState(() => dayText(addMonths(new Date(), 12)));
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const load = useCallback(() => listVouchers(http, tenant.id).then(setRows, () => setRows([])), [tenant.id]);
  useEffect(() => {
    void load();
  }, [load]);
  const issue = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      await issueVoucher(http, { tenantId: tenant.id, kind, ...(kind === 'provisional' ? { expiresOn } : {}), note });
      setNote('');
      await load();
    } catch (error) {
      if (error instanceof RequestError) setProblem(error.message);
    }
  };
  return (
    <Modal title={t('tenants.vouchers.title', { name: tenant.name })} onClose={onClose} wide testId="tenant-vouchers">
      {rows === null ? <p className={kit.muted}>…</p> : null}
      {rows && rows.length === 0 ? <p className={kit.danger}>{t('tenants.vouchers.none')}</p> : null}
      {rows && rows.length > 0 ? (
        <table /* not the resource kit: one tenant's few vouchers inside a dialog, no paging or filters */ className={kit.table}>
          <thead>
            <tr>
              <th className={kit.head}>{t('tenants.vouchers.code')}</th>
              <th className={kit.head}>{t('tenants.vouchers.kind')}</th>
              <th className={kit.head}>{t('tenants.vouchers.expires')}</th>
              <th className={kit.head}>{t('tenants.vouchers.note')}</th>
              <th className={kit.head} />
            </tr>
          </thead>
          <tbody>
            {rows.map((v) => (
              <tr key={v.id} className={kit.row} data-voucher={v.kind} data-expired={v.expired}>
                <td className={kit.cell}>
                  <code>{v.code}</code>
                </td>
                <td className={kit.cell}>{t(`tenants.vouchers.${v.kind}`)}</td>
                <td className={kit.cell}>{v.kind === 'perpetual' ? '—' : `${v.expiresAt}${v.expired ? ` · ${t('tenants.vouchers.expired')}` : ''}`}</td>
                <td className={kit.cell}>{v.note}</td>
                <td className={kit.cell}>
                  <button type="button" className={buttonGhost} onClick={() => void withdrawVoucher(http, v.id).then(load, () => undefined)}>
                    {t('tenants.vouchers.withdraw')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <form /* not the resource kit: one inline field issuing a voucher */ className={kit.toolbar} onSubmit={(e) => void issue(e)}>
        <label className={kit.filter}>
          <span>{t('tenants.vouchers.kind')}</span>
          <select className={input} name="kind" value={kind} onChange={(e) => setKind(e.currentTarget.value as Voucher['kind'])}>
            <option value="provisional">{t('tenants.vouchers.provisional')}</option>
            <option value="perpetual">{t('tenants.vouchers.perpetual')}</option>
          </select>
        </label>
        {kind === 'provisional' ? (
          <div className={kit.filter}>
            <span>{t('tenants.vouchers.expires')}</span>
            <DateRangeField precision="date" single value={[expiresOn, '']} onChange={([next]) => setExpiresOn(next)} labels={[t('tenants.vouchers.expires')]} names={['expiresOn']} min={dayText(addDays(new Date(), 1))} />
          </div>
        ) : null}
        <label className={kit.filter}>
          <span>{t('tenants.vouchers.note')}</span>
          <input className={input} name="note" value={note} maxLength={255} onChange={(e) => setNote(e.currentTarget.value)} />
        </label>
        <button type="submit" className={button}>
          {t('tenants.vouchers.issue')}
        </button>
      </form>
      {problem ? (
        <p className={kit.danger} role="alert">
          {problem}
        </p>
      ) : null}
      <div className={kit.actions}>
        <button type="button" className={buttonGhost} onClick={onClose}>
          {t('tenants.vouchers.close')}
        </button>
      </div>
    </Modal>
  );
}
