// Gateways (devManager devmng/gw, gwManager: "IoT routers") on the resource kit: status (online,
// offline, unknown) and since when, firmware, area, the devices behind each (in a dialog), and
// distributing the configuration through the gateway — whose answer (offline, no answer, exception,
// SPEC §8) shows as the platform gives it.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createGatewayPoint, deleteGatewayPoints, distributeGateway, listDevices, listGatewayPoints, listGateways, pointTargets, updateGatewayPoint } from '../../../shared/api/device.ts';
import { DEVICE_STATUSES, type Device, type DeviceStatus, type Gateway } from '../../../shared/api/device-types.ts';
import { POINT_KINDS, type GatewayPoint, type GatewayPointSave, type PointKind } from '../../../shared/api/gateway-point-types.ts';
import { dateTimeText } from '../../../shared/forms/date-text.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { button, buttonGhost } from '../../../shared/theme/base.css.ts';
import { gatewayPointSchema } from '../../../shared/validate/device-model.ts';
import { Modal, ResourcePage, type FormValue, type Option, type ResourceDef } from '../../resource/index.ts';
import * as css from '../../resource/resource.css.ts';
import './texts.ts';

const when = (ms: number | null, never: string) => (ms ? dateTimeText(ms) : never);

export default function GatewayPage() {
  const { t } = useTranslation();
  const [devicesOf, setDevicesOf] = useState<Gateway | null>(null);
  const [pointsOf, setPointsOf] = useState<Gateway | null>(null);
  const def = useMemo<ResourceDef<Gateway>>(
    () => ({
      id: 'gateway',
      titleKey: 'gateways.title',
      rowKey: (g) => g.id,
      rowName: (g) => `${g.code} ${g.name}`,
      columns: [
        { id: 'code', headerKey: 'gateways.field.code', cell: (g) => g.code },
        { id: 'name', headerKey: 'gateways.field.name', cell: (g) => g.name },
        { id: 'ip', headerKey: 'gateways.field.ip', cell: (g) => g.ip },
        { id: 'version', headerKey: 'gateways.field.version', cell: (g) => g.version },
        { id: 'status', headerKey: 'gateways.field.status', cell: (g) => <span data-status={g.status}>{t(`status.device.${g.status}`)}</span> },
        { id: 'since', headerKey: 'gateways.field.since', cell: (g) => when(g.statusAt, t('gateways.never')) },
        { id: 'area', headerKey: 'gateways.field.area', cell: (g) => g.areaName },
        { id: 'devices', headerKey: 'gateways.field.devices', cell: (g) => g.deviceCount },
        { id: 'distributed', headerKey: 'gateways.field.distributed', cell: (g) => <span data-distributed>{when(g.distributedAt, t('gateways.never'))}</span> },
      ],
      filters: [
        { kind: 'text', name: 'keyword', labelKey: 'gateways.field.keyword' },
        { kind: 'select', name: 'status', labelKey: 'gateways.field.status', options: DEVICE_STATUSES.map((s) => ({ value: s, label: t(`status.device.${s}`) })) },
      ],
      list: (q, signal) => {
        const f = q.filters as Record<string, string | undefined>;
        return listGateways(http, { page: q.page, limit: q.limit, ...(f.keyword?.trim() ? { keyword: f.keyword.trim() } : {}), ...(f.status ? { status: f.status as DeviceStatus } : {}) }, { signal });
      },
      rowActions: [
        { key: 'devices', labelKey: 'gateways.devices', run: (g) => setDevicesOf(g) },
        { key: 'points', labelKey: 'gateways.points', run: (g) => setPointsOf(g) },
        {
          key: 'distribute',
          labelKey: 'gateways.distribute',
          run: async (g, reload) => {
            try {
              const answer = await distributeGateway(http, g.id);
              notify({ kind: 'toast', level: 'success', duration: 3000, key: 'gateways.distributed', params: { name: g.name, count: answer.devices } });
              reload();
            } catch {
              // The platform's answer (gateway offline, no answer, exception) was shown.
            }
          },
        },
      ],
    }),
    [t],
  );
  return (
    <div data-page="gateway">
      <ResourcePage def={def} />
      {devicesOf && <GatewayDevices gateway={devicesOf} onClose={() => setDevicesOf(null)} />}
      {pointsOf && <GatewayPoints gateway={pointsOf} onClose={() => setPointsOf(null)} />}
    </div>
  );
}

function GatewayDevices({ gateway, onClose }: { gateway: Gateway; onClose: () => void }) {
  const { t } = useTranslation();
  const def = useMemo<ResourceDef<Device>>(
    () => ({
      id: 'gateway-device',
      titleKey: 'gateways.devices',
      rowKey: (d) => d.id,
      rowName: (d) => `${d.code} ${d.name}`,
      columns: [
        { id: 'code', headerKey: 'device.field.code', cell: (d) => d.code },
        { id: 'name', headerKey: 'device.field.name', cell: (d) => d.name },
        { id: 'model', headerKey: 'device.field.modelId', cell: (d) => d.modelName },
        { id: 'address', headerKey: 'device.field.address', cell: (d) => d.address },
        { id: 'status', headerKey: 'device.field.status', cell: (d) => t(`status.device.${d.status}`) },
      ],
      list: (q, signal) => listDevices(http, { page: q.page, limit: q.limit, gatewayId: gateway.id }, { signal }),
    }),
    [gateway.id, t],
  );
  return (
    <Modal title={t('gateways.devicesOf', { name: gateway.name })} onClose={onClose} wide testId="gateway-devices">
      <ResourcePage def={def} />
      <div className={css.toolbar}>
        <button type="button" className={buttonGhost} onClick={onClose}>
          {t('gateways.close')}
        </button>
      </div>
    </Modal>
  );
}

const STATES = ['used', 'associated', 'distributed'] as const;
const flag = (value: FormValue | undefined): boolean | undefined => (value === 'true' ? true : value === 'false' ? false : undefined);

/**
 * A gateway's resource points: filtered by their three states, each editable (name, use, the device
 * parameter it carries — any change leaves it undistributed), spares added and removed; distributing
 * from here hands the gateway every point as it stands.
 */
function GatewayPoints({ gateway, onClose }: { gateway: Gateway; onClose: () => void }) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(0);
  const targets = useMemo(() => pointTargets(http, gateway.id), [gateway.id]);
  const targetOptions = useCallback(
    async (): Promise<Option[]> => [
      { value: '', label: t('gateways.point.none') },
      ...(await targets).map((p) => ({ value: `${p.deviceId}/${p.paramCode}`, label: `${p.deviceCode} · ${p.paramName} (${p.access})` })),
    ],
    [targets, t],
  );
  const def = useMemo<ResourceDef<GatewayPoint>>(
    () => ({
      id: 'gateway-point',
      titleKey: 'gateways.points',
      rowKey: (p) => p.id,
      rowName: (p) => `${p.code} ${p.name}`,
      columns: [
        { id: 'code', headerKey: 'gateways.point.code', cell: (p) => p.code },
        { id: 'name', headerKey: 'gateways.point.name', cell: (p) => p.name },
        { id: 'kind', headerKey: 'gateways.point.kind', cell: (p) => p.kind },
        { id: 'used', headerKey: 'gateways.point.used', cell: (p) => <span data-used={p.used}>{t(`gateways.point.${p.used ? 'yes' : 'no'}.used`)}</span> },
        { id: 'target', headerKey: 'gateways.point.target', cell: (p) => <span data-associated={p.deviceId !== null}>{p.deviceId === null ? t('gateways.point.no.associated') : `${p.deviceCode} · ${p.paramName}`}</span> },
        { id: 'distributed', headerKey: 'gateways.point.distributed', cell: (p) => <span data-distributed={p.distributed}>{t(`gateways.point.${p.distributed ? 'yes' : 'no'}.distributed`)}</span> },
      ],
      filters: [
        { kind: 'text', name: 'keyword', labelKey: 'gateways.point.keyword' },
        ...STATES.map((s) => ({
          kind: 'select' as const,
          name: s,
          labelKey: `gateways.point.${s === 'associated' ? 'target' : s}`,
          options: [
            { value: 'true', label: t(`gateways.point.yes.${s}`) },
            { value: 'false', label: t(`gateways.point.no.${s}`) },
          ],
        })),
      ],
      list: (q, signal) => {
        const f = q.filters;
        const keyword = typeof f.keyword === 'string' ? f.keyword.trim() : '';
        return listGatewayPoints(http, gateway.id, { page: q.page, limit: q.limit, ...(keyword ? { keyword } : {}), used: flag(f.used), associated: flag(f.associated), distributed: flag(f.distributed) }, { signal });
      },
      form: {
        fields: (p) => [
          { kind: 'text', name: 'code', labelKey: 'gateways.point.code', fixedOnEdit: true },
          { kind: 'text', name: 'name', labelKey: 'gateways.point.name' },
          ...(p ? [] : [{ kind: 'select' as const, name: 'kind', labelKey: 'gateways.point.kind', options: POINT_KINDS.map((k) => ({ value: k, label: t(`gateways.point.kinds.${k}`) })) }]),
          { kind: 'checkbox', name: 'used', labelKey: 'gateways.point.used' },
          { kind: 'select', name: 'target', labelKey: 'gateways.point.target', options: targetOptions },
        ],
        schema: () => gatewayPointSchema,
        initial: (p) => ({ code: p?.code ?? '', name: p?.name ?? '', kind: p?.kind ?? 'AI', used: p?.used ?? true, target: p && p.deviceId !== null ? `${p.deviceId}/${p.paramCode}` : '' }),
        save: async (v, p) => {
          const [device, ...param] = typeof v.target === 'string' && v.target ? v.target.split('/') : [];
          const body: GatewayPointSave = {
            code: String(v.code).trim(),
            name: String(v.name).trim(),
            kind: (p?.kind ?? v.kind) as PointKind,
            used: v.used === true,
            deviceId: device ? Number(device) : null,
            paramCode: device ? param.join('/') : null,
          };
          await (p ? updateGatewayPoint(http, p.id, body) : createGatewayPoint(http, gateway.id, body));
        },
      },
      remove: (rows) => deleteGatewayPoints(http, rows.map((p) => p.id)),
    }),
    [gateway.id, t, targetOptions],
  );
  const distribute = async () => {
    try {
      const answer = await distributeGateway(http, gateway.id);
      notify({ kind: 'toast', level: 'success', duration: 3000, key: 'gateways.distributed', params: { name: gateway.name, count: answer.devices } });
      setVersion((n) => n + 1);
    } catch {
      // The gateway's answer (offline, no answer, exception) was shown.
    }
  };
  return (
    <Modal title={t('gateways.pointsOf', { name: gateway.name })} onClose={onClose} wide testId="gateway-points">
      <ResourcePage def={def} version={version} />
      <div className={css.toolbar}>
        <button type="button" className={button} onClick={() => void distribute()} data-action="distribute-points">
          {t('gateways.distribute')}
        </button>
        <button type="button" className={buttonGhost} onClick={onClose}>
          {t('gateways.close')}
        </button>
      </div>
    </Modal>
  );
}
