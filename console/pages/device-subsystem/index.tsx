// Regions and devices (devManager devmng/subsystem, subsystemManage) on the resource kit: the area
// tree beside the list (add, add below, rename or move, delete an empty one), the devices of the
// chosen area and those below it (create, edit with the shared device rules, delete with the typed
// confirmation), batch creation of up to 1000 devices from patterns with a %d placeholder (all or
// nothing, the platform names the first bad item), and export as a background task.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createGroup, groupTree } from '../../../shared/api/data-group.ts';
import { createArea, createDevice, createDevices, deleteArea, deleteDevices, exportDevices, fetchAreaTree, fileDevices, importDevices, listDevices, listGateways, updateArea, updateDevice } from '../../../shared/api/device.ts';
import { allModels } from '../../../shared/api/device-model.ts';
import { DEVICE_GROUP_TYPE, DEVICE_STATUSES, type AreaNode, type Device, type DeviceCreate, type DeviceStatus, waitsFor } from '../../../shared/api/device-types.ts';
import { areaSchema, deviceFormSchema } from '../../../shared/devices/device-rules.ts';
import { http, notify } from '../../../shared/http/index.ts';
import { buttonGhost } from '../../../shared/theme/base.css.ts';
import { batchCode, batchSize, integerBetween, length, pointCode, required } from '../../../shared/validate/index.ts';
import { DATA_GROUP_BOUNDS } from '../../../shared/validate/data-group.ts';
import { ConfirmDelete, defineForm, defineResource, FormDialog, ResourcePage, Tree, treeOptions, type Option, type TreeItem, text } from '../../resource/index.ts';
import './texts.ts';
import { ValuesDialog } from './values-dialog.tsx';
import * as kit from '../../resource/resource.css.ts';

const ALL = 'all';
const toItems = (nodes: readonly AreaNode[]): TreeItem[] => nodes.map((n) => ({ id: n.rowGuid, name: n.areaName, children: toItems(n.children) }));
const find = (nodes: readonly AreaNode[], guid: string): AreaNode | null => {
  for (const n of nodes) {
    if (n.rowGuid === guid) return n;
    const below = find(n.children, guid);
    if (below) return below;
  }
  return null;
};

const DEVICE_FIELDS = ['code', 'name', 'label', 'address', 'sn', 'ip', 'mac', 'busNo', 'port', 'version'] as const;

/** The devices a batch stands for: each pattern's %d replaced by the running number. */
export function expandBatch(v: { count: number; start: number; code: string; name: string; address: string }): Array<Pick<DeviceCreate, 'code' | 'name' | 'address'>> {
  return Array.from({ length: v.count }, (_, i) => {
    const n = String(v.start + i);
    return { code: v.code.replace('%d', n), name: v.name.replace('%d', n), address: v.address.replace('%d', n) };
  });
}

type Open =
  | { kind: 'area'; area: AreaNode | null; parentId: string | null }
  | { kind: 'deleteArea'; area: AreaNode }
  | { kind: 'batch' }
  | { kind: 'values'; device: Device }
  | { kind: 'group'; devices: readonly Device[]; done: () => void }
  | null;

/** The "new group" choice of the filing dialog. */
const NEW_GROUP = '\u0000new';

/** What the device list reaches on the page: the model, area and gateway choices, the chosen area and the page's dialogs. */
interface DeviceSubsystemPageState {
  models: readonly Option[];
  gateways: readonly Option[];
  areaOptions: readonly Option[];
  areaId: string | null;
  setOpen: (open: Open) => void;
}

const statusOptions = DEVICE_STATUSES.map((s) => ({ value: s, labelKey: `status.device.${s}` }));

/** A device's form declared once: deviceFormSchema's rules (the platform's checkDevice's) and the edited device's values; the model and gateway as ids, no area as null. */
export const deviceForm = defineForm<Device, DeviceSubsystemPageState>({
  saves: { create: 'device.create', update: 'deviceAdmin.update' },
  wide: true,
  fields: (_row, { page }) => [
    ...DEVICE_FIELDS.map((f) => ({
      kind: 'text' as const,
      name: f,
      labelKey: `device.field.${f}`,
      rules: deviceFormSchema[f],
      initial: (d: Device | null) => (d?.[f] === null || d?.[f] === undefined ? '' : String(d[f])),
    })),
    { kind: 'select', name: 'modelId', labelKey: 'device.field.modelId', options: page.models, emptyLabelKey: 'subsystem.noModel', initial: (d) => (d?.modelId ? String(d.modelId) : ''), as: 'id' },
    { kind: 'select', name: 'areaId', labelKey: 'device.field.areaId', options: page.areaOptions, emptyLabelKey: 'subsystem.noArea', initial: (d, { page }) => d?.areaId ?? page.areaId ?? '' },
    { kind: 'select', name: 'gatewayId', labelKey: 'device.field.gatewayId', options: page.gateways, emptyLabelKey: 'subsystem.noModel', initial: (d) => (d?.gatewayId ? String(d.gatewayId) : ''), as: 'id' },
  ],
  save: async (body, d) => {
    const device = { ...body, areaId: body.areaId || null } as DeviceCreate;
    await (d ? updateDevice(http, d.id, device) : createDevice(http, device));
  },
});

/** What the area form reaches: the areas it may sit under and the parent it opens with. */
interface AreaPage {
  areaOptions: readonly Option[];
  parentId: string | null;
}

/** An area's form declared once: add (under the chosen area), rename or move. */
export const areaForm = defineForm<AreaNode, AreaPage>({
  saves: { create: 'deviceAdmin.areaCreate', update: 'deviceAdmin.areaUpdate' },
  fields: (_area, { page }) => [
    { kind: 'text', name: 'name', labelKey: 'subsystem.areaName', rules: areaSchema.name, initial: (a) => a?.areaName ?? '' },
    { kind: 'select', name: 'parentId', labelKey: 'subsystem.parentArea', options: page.areaOptions, emptyLabelKey: 'subsystem.noParent', initial: (_a, { page }) => page.parentId ?? '' },
  ],
  save: async ({ name, parentId }, a) => {
    const body = { name: name as string, parentId: (parentId as string) || null };
    await (a ? updateArea(http, a.rowGuid, body) : createArea(http, body));
  },
});

/** The device groups to file devices in, and a new one. */
const groupOptions = async (): Promise<Option[]> => [
  ...treeOptions(await groupTree(http, 0, { type: DEVICE_GROUP_TYPE, force: true }), (g) => String(g.id), (g) => g.name),
  { value: NEW_GROUP, labelKey: 'subsystem.newGroup' },
];

/** Filing devices in a data group (a new one made first), or taking them out of theirs. */
export const groupingForm = defineForm<null, { devices: readonly Device[] }>({
  fields: () => [
    { kind: 'select', name: 'groupId', labelKey: 'subsystem.dataGroup', emptyLabelKey: 'subsystem.noGroup', options: groupOptions },
    {
      kind: 'text',
      name: 'newName',
      labelKey: 'subsystem.newGroupName',
      visible: (v) => v.groupId === NEW_GROUP,
      // Required only for a new group; at most the contract's length (the message names only the maximum).
      rules: [(value, values) => (values.groupId === NEW_GROUP ? required()(value, values) : null), length(0, DATA_GROUP_BOUNDS.name[1])],
    },
  ],
  save: async ({ groupId, newName }, _row, { page }) => {
    const dataGroupId = groupId === NEW_GROUP ? (await createGroup(http, 0, { name: newName as string, type: DEVICE_GROUP_TYPE })).id : groupId ? Number(groupId) : null;
    await fileDevices(http, { ids: page.devices.map((d) => d.id), dataGroupId });
  },
});

/** What the batch form reaches: the model and area choices and the chosen area. */
interface BatchPage {
  models: readonly Option[];
  areaOptions: readonly Option[];
  areaId: string | null;
}

/** Batch creation: up to 1000 devices from patterns with %d (the first and last codes previewed). */
export const batchForm = defineForm<null, BatchPage>({
  saves: { create: 'device.batch' },
  wide: true,
  fields: (_row, { page }) => [
    { kind: 'text', name: 'count', labelKey: 'subsystem.batchCount', rules: [required(), batchSize()], initial: '10', as: 'number' },
    { kind: 'text', name: 'start', labelKey: 'subsystem.batchStart', rules: [required(), integerBetween(0, 999_999)], initial: '1', as: 'number' },
    { kind: 'text', name: 'code', labelKey: 'subsystem.batchCode', rules: [required(), batchCode(), pointCode(), length(1, 60)] },
    { kind: 'text', name: 'name', labelKey: 'subsystem.batchName', rules: [required(), length(1, 60)] },
    { kind: 'text', name: 'address', labelKey: 'subsystem.batchAddress' },
    { kind: 'select', name: 'modelId', labelKey: 'device.field.modelId', options: page.models, emptyLabelKey: 'subsystem.noModel', as: 'id' },
    { kind: 'select', name: 'areaId', labelKey: 'device.field.areaId', options: page.areaOptions, emptyLabelKey: 'subsystem.noArea', initial: (_r, { page }) => page.areaId ?? '' },
  ],
  hints: {
    code: (v, { t }) => {
      const count = Number(text(v.count));
      const start = Number(text(v.start));
      if (!Number.isInteger(count) || count < 1 || count > 1000 || !Number.isInteger(start) || !text(v.code).includes('%d')) return null;
      const all = expandBatch({ count, start, code: text(v.code), name: text(v.name), address: text(v.address) });
      return t('subsystem.batchPreview', { count, first: all[0]!.code, last: all[all.length - 1]!.code });
    },
  },
  save: async ({ count, start, code, name, address, modelId, areaId }) => {
    const pattern = { count, start, code, name, address } as Parameters<typeof expandBatch>[0];
    const devices = expandBatch(pattern).map((d) => ({ ...d, modelId: modelId as number | null, areaId: (areaId as string) || null }));
    const result = await createDevices(http, { devices });
    notify({ kind: 'toast', level: 'success', duration: 3000, key: 'subsystem.batchDone', params: { count: result.created } });
  },
});

export const deviceResource = defineResource<Device, DeviceSubsystemPageState>({
  id: 'device',
  operation: 'device.list',
  scope: ['areaId'],
  titleKey: 'subsystem.title',
  rowKey: (d) => d.id,
  rowName: (d) => `${d.code} ${d.name}`,
  columns: [
    { id: 'code', headerKey: 'device.field.code', field: 'code' },
    { id: 'name', headerKey: 'device.field.name', field: 'name' },
    { id: 'label', headerKey: 'device.field.label', field: 'label' },
    { id: 'model', headerKey: 'device.field.modelId', field: 'modelName' },
    { id: 'address', headerKey: 'device.field.address', field: 'address' },
    { id: 'sn', headerKey: 'device.field.sn', field: 'sn' },
    { id: 'ip', headerKey: 'device.field.ip', field: 'ip' },
    {
      id: 'status',
      headerKey: 'device.field.status',
      field: ['status', 'modelId', 'gatewayId'],
      cell: (d, { t }) => {
        const waits = waitsFor(d);
        return (
          <span data-status={d.status}>
            {t(`status.device.${d.status}`)}
            {waits ? (
              <span className={kit.muted} data-waits={waits}>
                {' · '}
                {t(`status.deviceWaits.${waits}`, { gateway: d.gatewayName })}
              </span>
            ) : null}
          </span>
        );
      },
    },
    { id: 'gateway', headerKey: 'device.field.gateway', field: 'gatewayName' },
    { id: 'area', headerKey: 'device.field.area', field: 'areaName' },
    { id: 'dataGroup', headerKey: 'subsystem.dataGroup', field: ['dataGroupId', 'dataGroupName'], cell: (d) => <span data-group={d.dataGroupId ?? ''}>{d.dataGroupName}</span> },
  ],
  filters: [
    { kind: 'text', name: 'keyword', labelKey: 'subsystem.keyword' },
    { kind: 'select', name: 'status', labelKey: 'device.field.status', options: statusOptions },
  ],
  list: (q, signal) => {
    const f = q.filters as Record<string, string | undefined>;
    return listDevices(
      http,
      { page: q.page, limit: q.limit, ...(f.keyword?.trim() ? { keyword: f.keyword.trim() } : {}), ...(f.status ? { status: f.status as DeviceStatus } : {}), ...(f.areaId ? { areaId: f.areaId } : {}) },
      { signal },
    );
  },
  form: deviceForm,
  remove: (rows) => deleteDevices(http, rows.map((d) => d.id)),
  importer: { upload: (file, skipBad) => importDevices(http, file, file instanceof File ? file.name : 'devices.xlsx', skipBad) },
  bulkActions: [{ key: 'file-group', labelKey: 'subsystem.fileGroup', run: (rows, done, { page }) => page.setOpen({ kind: 'group', devices: rows, done }) }],
  rowActions: [{ key: 'values', labelKey: 'subsystem.valuesAction', run: (d, _reload, { page }) => page.setOpen({ kind: 'values', device: d }), show: (d) => d.modelId !== null }],
  exporter: (filters) => {
    const f = filters as Record<string, string | undefined>;
    return exportDevices(http, { ...(f.keyword?.trim() ? { keyword: f.keyword.trim() } : {}), ...(f.status ? { status: f.status as DeviceStatus } : {}), ...(f.areaId ? { areaId: f.areaId } : {}) });
  },
});

export default function DeviceSubsystemPage() {
  const { t } = useTranslation();
  const [tree, setTree] = useState<AreaNode[]>([]);
  const [areaId, setAreaId] = useState<string | null>(null);
  const [models, setModels] = useState<Option[]>([]);
  const [gateways, setGateways] = useState<Option[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [version, setVersion] = useState(0);
  const loadTree = useCallback(() => fetchAreaTree(http).then(setTree, () => undefined), []);
  useEffect(() => {
    void loadTree();
    allModels(http).then((list) => setModels(list.map((m) => ({ value: String(m.id), label: `${m.code} ${m.name}` }))), () => undefined);
    listGateways(http, { limit: 1000 }).then((page) => setGateways(page.rows.map((g) => ({ value: String(g.id), label: g.name }))), () => undefined);
  }, [loadTree]);
  const areaOptions = useMemo(() => treeOptions(tree, (n) => n.rowGuid, (n) => n.areaName), [tree]);
  // One items array per tree answer: a new array on every render would rebuild the tree's collection each time.
  const treeItems = useMemo(() => [{ id: ALL, name: t('subsystem.allAreas') }, ...toItems(tree)], [tree, t]);
  const current = areaId ? find(tree, areaId) : null;

  const def = deviceResource;

  const side = (
    <>
      <Tree
        label={t('subsystem.areas')}
        items={treeItems}
        selected={areaId ?? ALL}
        onSelect={(id) => setAreaId(id === ALL ? null : id)}
        testId="areas"
      />
      <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'area', area: null, parentId: areaId })} data-action="add-area">
        {t(areaId ? 'subsystem.addSubArea' : 'subsystem.addArea')}
      </button>
      {current && (
        <>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'area', area: current, parentId: current.parentId })} data-action="edit-area">
            {t('subsystem.editArea')}
          </button>
          <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'deleteArea', area: current })} data-action="delete-area">
            {t('subsystem.deleteArea')}
          </button>
        </>
      )}
    </>
  );

  const batchTool = (
    <button type="button" className={buttonGhost} onClick={() => setOpen({ kind: 'batch' })} data-action="batch">
      {t('subsystem.batch')}
    </button>
  );

  return (
    <div data-page="device-subsystem">
      <ResourcePage def={def} page={{ models, gateways, areaOptions, areaId, setOpen }} scope={areaId ? { areaId } : {}} side={side} tools={batchTool} version={version} />
      {open?.kind === 'area' && (
        <FormDialog
          title={t(open.area ? 'subsystem.editArea' : 'subsystem.addArea')}
          row={open.area}
          form={areaForm}
          page={{ areaOptions, parentId: open.parentId }}
          onClose={(saved) => {
            setOpen(null);
            if (saved) {
              void loadTree();
              setVersion((n) => n + 1);
            }
          }}
        />
      )}
      {open?.kind === 'deleteArea' && (
        <ConfirmDelete
          names={[open.area.areaName]}
          run={() => deleteArea(http, open.area.rowGuid)}
          onClose={(deleted) => {
            setOpen(null);
            if (!deleted) return;
            setAreaId(null);
            void loadTree();
          }}
        />
      )}
      {open?.kind === 'values' && <ValuesDialog device={open.device} onClose={() => setOpen(null)} />}
      {open?.kind === 'group' && (
        <FormDialog
          title={t('subsystem.fileGroupTitle', { count: open.devices.length })}
          row={null}
          form={groupingForm}
          page={{ devices: open.devices }}
          onClose={(saved) => {
            const done = open.done;
            setOpen(null);
            if (saved) {
              done();
              setVersion((n) => n + 1);
            }
          }}
        />
      )}
      {open?.kind === 'batch' && (
        <FormDialog
          title={t('subsystem.batchTitle')}
          row={null}
          form={batchForm}
          page={{ models, areaOptions, areaId }}
          onClose={(saved) => {
            setOpen(null);
            if (saved) setVersion((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
