// Camera health's SQL (issue 39): a reported camera's label and stored online flag, the flag's
// change, the device that follows a camera (its label as the device code, a model with the online
// parameter), and the cameras with a source over every tenant that the probe walks. camera-health.ts
// keeps the in-memory state, the events and the probe.
import type { Db } from '../db.ts';
import type { TenantData } from '../tenant-data.ts';

/** The camera a report names, while its source is still the reported one. */
export const reportedCamera = (td: TenantData, cameraId: number, url: string) =>
  td.get<{ label: string; online: number | null }>('SELECT label, online FROM camera WHERE id = ? AND tenant_id = $tenant AND source_url = ?', cameraId, url);

export const setCameraOnline = (td: TenantData, cameraId: number, flag: 0 | 1): void => void td.run('UPDATE camera SET online = ? WHERE id = ? AND tenant_id = $tenant', flag, cameraId);

/** The device with this code whose model has the parameter, with the parameter's code, name and unit. */
export const deviceWithParam = (td: TenantData, code: string, param: string) =>
  td.get<{ id: number; model_id: number; code: string; name: string; unit: string }>(
    `SELECT d.id, d.model_id, p.code, p.name, p.unit FROM device d JOIN model_param p ON p.model_id = d.model_id AND p.code = ?
     WHERE d.tenant_id = $tenant AND d.code = ?`,
    param,
    code,
  );

/** Every tenant's cameras with a source, by id (the probe's walk; prepared once, read at each tick). */
export function camerasWithSource(db: Db): () => Array<{ id: number; tenant_id: number; source_url: string }> {
  const due = db.prepare("SELECT id, tenant_id, source_url FROM camera WHERE source_url <> '' ORDER BY id");
  return () => due.all<{ id: number; tenant_id: number; source_url: string }>();
}
