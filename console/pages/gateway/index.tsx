// Gateways (devManager devmng/gw, gwManager: "IoT routers") on the resource kit: status (online,
// offline, unknown) and since when, firmware, area, the devices behind each (in a dialog), and
// distributing the configuration through the gateway — whose answer (offline, no answer, exception,
// SPEC §8) shows as the platform gives it.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { distributeGateway, listDevices, listGateways } from '../../../shared/api/device.ts';
import { DEVICE_STATUSES, type Device, type DeviceStatus, type Gateway } from '../../../shared/api/device-types.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { Modal, ResourcePage, type ResourceDef } from '../../resource/index.ts';
import * as css from '../../resource/resource.css.ts';
import './texts.ts';

const when = (ms: number | null, never: string) => (ms ? new Date(ms).toLocaleString() : never);

export default function GatewayPage() {
  const { t } = useTranslation();
  const [devicesOf, setDevicesOf] = useState<Gateway | null>(null);
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
