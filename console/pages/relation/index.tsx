// Device relations (relationManager relation/device, relation cctv) on the resource kit: which
// cameras look at which device, named 0–30 characters. Alarm search offers a device's cameras from
// its rows through these relations. Below, relation document: the documents related to a device.
import { useEffect, useMemo, useState } from 'react';
import { createRelation, deleteRelations, listRelations } from '../../../shared/api/relation.ts';
import type { Relation } from '../../../shared/api/relation-types.ts';
import { listDevices } from '../../../shared/api/device.ts';
import { listCameras } from '../../../shared/api/video.ts';
import { http } from '../../../shared/http/index.ts';
import { relationNameLength, required } from '../../../shared/validate/index.ts';
import { ResourcePage, type Option, type ResourceDef, text } from '../../resource/index.ts';
import { hasMenu } from '../../../shared/session/index.ts';
import { DeviceDocuments } from './documents.tsx';
import './texts.ts';


export default function RelationPage() {
  const [devices, setDevices] = useState<Option[]>([]);
  const [cameras, setCameras] = useState<Option[]>([]);
  useEffect(() => {
    listDevices(http, { limit: 1000 }, { quiet: true }).then((p) => setDevices(p.rows.map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` }))), () => undefined);
    listCameras(http, { page: 1, limit: 1000 }, { quiet: true }).then((p) => setCameras(p.rows.map((c) => ({ value: String(c.id), label: c.name }))), () => undefined);
  }, []);
  const def = useMemo<ResourceDef<Relation>>(
    () => ({
      id: 'relation',
      operation: 'relation.page',
      titleKey: 'relations.title',
      rowKey: (r) => r.id,
      rowName: (r) => `${r.deviceCode} → ${r.cameraName}`,
      columns: [
        { id: 'device', headerKey: 'relations.field.device', field: ['deviceCode', 'deviceName'], cell: (r) => `${r.deviceCode} ${r.deviceName}` },
        { id: 'camera', headerKey: 'relations.field.camera', field: 'cameraName' },
        { id: 'name', headerKey: 'relations.field.name', field: 'name' },
      ],
      filters: [{ kind: 'text', name: 'keyword', labelKey: 'relations.field.keyword' }],
      list: (q, signal) => listRelations(http, { page: q.page, limit: q.limit, ...(text(q.filters.keyword as string) ? { keyword: text(q.filters.keyword as string) } : {}) }, signal),
      form: {
        fields: () => [
          { kind: 'select', name: 'deviceId', labelKey: 'relations.field.device', options: devices, emptyLabelKey: 'relations.field.device' },
          { kind: 'select', name: 'cameraId', labelKey: 'relations.field.camera', options: cameras, emptyLabelKey: 'relations.field.camera' },
          { kind: 'text', name: 'name', labelKey: 'relations.field.name' },
        ],
        schema: () => ({ deviceId: [required()], cameraId: [required()], name: [relationNameLength()] }),
        initial: () => ({ deviceId: '', cameraId: '', name: '' }),
        save: (v) => createRelation(http, { deviceId: Number(text(v.deviceId)), cameraId: Number(text(v.cameraId)), name: text(v.name) }),
      },
      canEdit: () => false,
      remove: (rows) => deleteRelations(http, rows.map((r) => r.id)),
    }),
    [devices, cameras],
  );
  return (
    <div data-page="relation">
      <ResourcePage def={def} />
      {hasMenu('documentManager') ? <DeviceDocuments devices={devices} /> : null}
    </div>
  );
}
