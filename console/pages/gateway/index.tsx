// Gateways (devManager devmng/gw, gwManager: "IoT routers") on the resource kit: status (online,
// offline, unknown) and since when, firmware, area, the devices behind each (in a dialog), and
// distributing the configuration through the gateway — whose answer (offline, no answer, exception,
// SPEC §8) shows as the platform gives it.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createGatewayPoint, deleteGatewayPoints, distributeGateway, listDevices, listGatewayPoints, listGateways, pointTargets, updateGatewayPoint } from '../../../shared/api/device.ts';
import { DEVICE_STATUSES, type Device, type DeviceStatus, type Gateway } from '../../../shared/api/device-types.ts';
import { POINT_KINDS, type GatewayPoint, type GatewayPointSave } from '../../../shared/api/gateway-point-types.ts';
import { dateTimeText } from '../../../shared/forms/date-text.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { button, buttonGhost } from '../../../shared/theme/base.css.ts';
import { gatewayPointSchema } from '../../../shared/validate/device-model.ts';
import { defineForm, defineResource, Modal, ResourcePage, type FormValue, type Option } from '../../resource/index.ts';
import * as css from '../../resource/resource.css.ts';
import './texts.ts';

const when = (ms: number | null, never: string) => (ms ? dateTimeText(ms) : never);

/** What gatewayResource's row actions reach on the page: its dialogs. */
interface GatewayPage { setDevicesOf: (row: Gateway | null) => void; setPointsOf: (row: Gateway | null) => void }

export const gatewayResource = defineResource<Gateway, GatewayPage>({
  id: 'gateway',
  operation: 'device.gatewayList',
  titleKey: 'gateways.title',
  rowKey: (g) => g.id,
  rowName: (g) => `${g.code} ${g.name}`,
  columns: [
    { id: 'code', headerKey: 'gateways.field.code', field: 'code' },
    { id: 'name', headerKey: 'gateways.field.name', field: 'name' },
    { id: 'ip', headerKey: 'gateways.field.ip', field: 'ip' },
    { id: 'version', headerKey: 'gateways.field.version', field: 'version' },
    { id: 'status', headerKey: 'gateways.field.status', field: 'status', cell: (g, { t }) => <span data-status={g.status}>{t(`status.device.${g.status}`)}</span> },
    { id: 'since', headerKey: 'gateways.field.since', field: 'statusAt', cell: (g, { t }) => when(g.statusAt, t('gateways.never')) },
    { id: 'area', headerKey: 'gateways.field.area', field: 'areaName' },
    { id: 'devices', headerKey: 'gateways.field.devices', field: 'deviceCount' },
    { id: 'distributed', headerKey: 'gateways.field.distributed', field: 'distributedAt', cell: (g, { t }) => <span data-distributed>{when(g.distributedAt, t('gateways.never'))}</span> },
  ],
  filters: [
    { kind: 'text', name: 'keyword', labelKey: 'gateways.field.keyword' },
    { kind: 'select', name: 'status', labelKey: 'gateways.field.status', options: DEVICE_STATUSES.map((s) => ({ value: s, labelKey: `status.device.${s}` })) },
  ],
  list: (q, signal) => {
    const f = q.filters as Record<string, string | undefined>;
    return listGateways(http, { page: q.page, limit: q.limit, ...(f.keyword?.trim() ? { keyword: f.keyword.trim() } : {}), ...(f.status ? { status: f.status as DeviceStatus } : {}) }, { signal });
  },
  rowActions: [
    { key: 'devices', labelKey: 'gateways.devices', run: (g, _reload, { page }) => page.setDevicesOf(g) },
    { key: 'points', labelKey: 'gateways.points', run: (g, _reload, { page }) => page.setPointsOf(g) },
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
});

export default function GatewayPage() {
  const [devicesOf, setDevicesOf] = useState<Gateway | null>(null);
  const [pointsOf, setPointsOf] = useState<Gateway | null>(null);
  const def = gatewayResource;
  return (
    <div data-page="gateway">
      <ResourcePage def={def} page={{ setDevicesOf, setPointsOf }} />
      {devicesOf && <GatewayDevices gateway={devicesOf} onClose={() => setDevicesOf(null)} />}
      {pointsOf && <GatewayPoints gateway={pointsOf} onClose={() => setPointsOf(null)} />}
    </div>
  );
}

export const gatewayDeviceResource = defineResource<Device>({
  id: 'gateway-device',
  operation: 'device.list',
  scope: ['gatewayId'],
  titleKey: 'gateways.devices',
  rowKey: (d) => d.id,
  rowName: (d) => `${d.code} ${d.name}`,
  columns: [
    { id: 'code', headerKey: 'device.field.code', field: 'code' },
    { id: 'name', headerKey: 'device.field.name', field: 'name' },
    { id: 'model', headerKey: 'device.field.modelId', field: 'modelName' },
    { id: 'address', headerKey: 'device.field.address', field: 'address' },
    { id: 'status', headerKey: 'device.field.status', field: 'status', cell: (d, { t }) => t(`status.device.${d.status}`) },
  ],
  list: (q, signal) => listDevices(http, { page: q.page, limit: q.limit, gatewayId: Number(q.filters.gatewayId) }, { signal }),
});

function GatewayDevices({ gateway, onClose }: { gateway: Gateway; onClose: () => void }) {
  const { t } = useTranslation();
  const def = gatewayDeviceResource;
  const scope = { gatewayId: String(gateway.id) };
  return (
    <Modal title={t('gateways.devicesOf', { name: gateway.name })} onClose={onClose} wide testId="gateway-devices">
      <ResourcePage def={def} scope={scope} />
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
/** What the point list's form reaches on the page: the gateway and the device parameters it may carry. */
interface GatewayPointPage {
  gatewayId: number;
  targetOptions: () => Promise<Option[]>;
}

/** A point's form declared once: gatewayPointSchema's rules, the kind chosen only for a new point, the target `deviceId/paramCode` split into its two body fields. */
export const gatewayPointForm = defineForm<GatewayPoint, GatewayPointPage>({
  saves: { create: 'gatewayPoint.create', update: 'gatewayPoint.update' },
  fields: (p, { page }) => [
    { kind: 'text', name: 'code', labelKey: 'gateways.point.code', fixedOnEdit: true, rules: gatewayPointSchema.code, initial: (r) => r?.code ?? '' },
    { kind: 'text', name: 'name', labelKey: 'gateways.point.name', rules: gatewayPointSchema.name, initial: (r) => r?.name ?? '' },
    ...(p ? [] : [{ kind: 'select' as const, name: 'kind', labelKey: 'gateways.point.kind', options: POINT_KINDS.map((k) => ({ value: k, labelKey: `gateways.point.kinds.${k}` })), initial: 'AI' }]),
    { kind: 'checkbox', name: 'used', labelKey: 'gateways.point.used', initial: (r) => r?.used ?? true },
    { kind: 'select', name: 'target', labelKey: 'gateways.point.target', options: page.targetOptions, initial: (r) => (r && r.deviceId !== null ? `${r.deviceId}/${r.paramCode}` : ''), as: 'raw' },
  ],
  save: async ({ target, ...v }, p, { page }) => {
    const [device, ...param] = typeof target === 'string' && target ? target.split('/') : [];
    // An edited point keeps its kind.
    const body = { ...v, kind: p?.kind ?? v.kind, deviceId: device ? Number(device) : null, paramCode: device ? param.join('/') : null } as GatewayPointSave;
    await (p ? updateGatewayPoint(http, p.id, body) : createGatewayPoint(http, page.gatewayId, body));
  },
});

export const gatewayPointResource = defineResource<GatewayPoint, GatewayPointPage>({
  id: 'gateway-point',
  operation: 'gatewayPoint.list',
  scope: ['id'],
  titleKey: 'gateways.points',
  rowKey: (p) => p.id,
  rowName: (p) => `${p.code} ${p.name}`,
  columns: [
    { id: 'code', headerKey: 'gateways.point.code', field: 'code' },
    { id: 'name', headerKey: 'gateways.point.name', field: 'name' },
    { id: 'kind', headerKey: 'gateways.point.kind', field: 'kind' },
    { id: 'used', headerKey: 'gateways.point.used', field: 'used', cell: (p, { t }) => <span data-used={p.used}>{t(`gateways.point.${p.used ? 'yes' : 'no'}.used`)}</span> },
    { id: 'target', headerKey: 'gateways.point.target', field: ['deviceId', 'deviceCode', 'paramName'], cell: (p, { t }) => <span data-associated={p.deviceId !== null}>{p.deviceId === null ? t('gateways.point.no.associated') : `${p.deviceCode} · ${p.paramName}`}</span> },
    { id: 'distributed', headerKey: 'gateways.point.distributed', field: 'distributed', cell: (p, { t }) => <span data-distributed={p.distributed}>{t(`gateways.point.${p.distributed ? 'yes' : 'no'}.distributed`)}</span> },
  ],
  filters: [
    { kind: 'text', name: 'keyword', labelKey: 'gateways.point.keyword' },
    ...STATES.map((s) => ({
      kind: 'select' as const,
      name: s,
      labelKey: `gateways.point.${s === 'associated' ? 'target' : s}`,
      options: [
        { value: 'true', labelKey: `gateways.point.yes.${s}` },
        { value: 'false', labelKey: `gateways.point.no.${s}` },
      ],
    })),
  ],
  list: (q, signal) => {
    const f = q.filters;
    const keyword = typeof f.keyword === 'string' ? f.keyword.trim() : '';
    return listGatewayPoints(http, Number(f.id), { page: q.page, limit: q.limit, ...(keyword ? { keyword } : {}), used: flag(f.used), associated: flag(f.associated), distributed: flag(f.distributed) }, { signal });
  },
  form: gatewayPointForm,
  remove: (rows) => deleteGatewayPoints(http, rows.map((p) => p.id)),
});

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
  const def = gatewayPointResource;
  const scope = { id: String(gateway.id) };
  const page = useMemo(() => ({ gatewayId: gateway.id, targetOptions }), [gateway.id, targetOptions]);
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
      <ResourcePage def={def} scope={scope} page={page} version={version} />
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
