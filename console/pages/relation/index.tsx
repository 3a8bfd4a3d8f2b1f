// Device relations (relationManager relation/device, relation cctv) on the resource kit: which
// cameras look at which device, named 0–30 characters. Alarm search offers a device's cameras from
// its rows through these relations. Below, relation document: the documents related to a device.
import { useEffect, useState } from 'react';
import { createRelation, deleteRelations, listRelations } from '../../../shared/api/relation.ts';
import type { Relation, RelationSave } from '../../../shared/api/relation-types.ts';
import { listDevices } from '../../../shared/api/device.ts';
import { listCameras } from '../../../shared/api/video.ts';
import { http } from '../../../shared/http/index.ts';
import { relationNameLength, required } from '../../../shared/validate/index.ts';
import { defineResource, ResourcePage, type Option, text } from '../../resource/index.ts';
import { hasMenu } from '../../../shared/session/index.ts';
import { DeviceDocuments } from './documents.tsx';
import './texts.ts';

/** What the relation form reaches on the page: the devices and cameras it loaded. */
interface RelationPage {
  devices: readonly Option[];
  cameras: readonly Option[];
}

export const relationResource = defineResource<Relation, RelationPage>({
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
    saves: { create: 'relation.create', update: 'relation.create' },
    fields: (_row, { page }) => [
      { kind: 'select', name: 'deviceId', labelKey: 'relations.field.device', options: page.devices, emptyLabelKey: 'relations.field.device', rules: [required()], as: 'id' },
      { kind: 'select', name: 'cameraId', labelKey: 'relations.field.camera', options: page.cameras, emptyLabelKey: 'relations.field.camera', rules: [required()], as: 'id' },
      { kind: 'text', name: 'name', labelKey: 'relations.field.name', rules: [relationNameLength()] },
    ],
    save: (body) => createRelation(http, body as RelationSave),
  },
  canEdit: () => false,
  remove: (rows) => deleteRelations(http, rows.map((r) => r.id)),
});

export default function RelationPage() {
  const [devices, setDevices] = useState<Option[]>([]);
  const [cameras, setCameras] = useState<Option[]>([]);
  useEffect(() => {
    listDevices(http, { limit: 1000 }, { quiet: true }).then((p) => setDevices(p.rows.map((d) => ({ value: String(d.id), label: `${d.code} ${d.name}` }))), () => undefined);
    listCameras(http, { page: 1, limit: 1000 }, { quiet: true }).then((p) => setCameras(p.rows.map((c) => ({ value: String(c.id), label: c.name }))), () => undefined);
  }, []);
  const def = relationResource;
  return (
    <div data-page="relation">
      <ResourcePage def={def} page={{ devices, cameras }} />
      {hasMenu('documentManager') ? <DeviceDocuments devices={devices} /> : null}
    </div>
  );
}
