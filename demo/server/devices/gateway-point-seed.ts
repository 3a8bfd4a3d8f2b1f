// The demo's resource points of each gateway (issue 39: moved out of gateway-point.ts; seeds keep
// their SQL in `*-seed.ts`).
import { POINT_KINDS, type PointKind } from '../../../shared/api/gateway-point-types.ts';
import { tx, type Db } from '../db.ts';
import { tenantDataOf, type TenantData } from '../tenant-data.ts';
import { kindFor } from './gateway-point-data.ts';

/**
 * First start (and gateways without points): each gateway gets a point per parameter of the first
 * devices behind it — associated, used and distributed, as a commissioned gateway would be — and one
 * spare point of each kind, unused and never distributed.
 */
export function seed(db: Db): void {
  // Every tenant's gateways without points (a seed over all tenants); each is filled through its tenant's data.
  const gateways = db.prepare('SELECT g.id, g.tenant_id FROM gateway g WHERE NOT EXISTS (SELECT 1 FROM gateway_point p WHERE p.gateway_id = g.id)').all<{ id: number; tenant_id: number }>();
  if (gateways.length === 0) return;
  const insert = (data: TenantData, ...values: Array<string | number | null>) =>
    data.run('INSERT INTO gateway_point (tenant_id, gateway_id, code, name, kind, used, device_id, param_code, distributed) VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?)', ...values);
  tx(db, () => {
    for (const g of gateways) {
      const data = tenantDataOf(db, g.tenant_id);
      const next: Record<PointKind, number> = { AI: 0, DI: 0, AO: 0, DO: 0 };
      const code = (kind: PointKind) => `${kind}-${String(++next[kind]).padStart(2, '0')}`;
      for (const d of data.all<{ id: number; model_id: number }>('SELECT id, model_id FROM device WHERE gateway_id = ? AND tenant_id = $tenant AND model_id IS NOT NULL ORDER BY id LIMIT 4', g.id)) {
        for (const p of data.all<{ code: string; name: string; data_type: string; access: string }>('SELECT code, name, data_type, access FROM model_param WHERE model_id = ? AND tenant_id = $tenant ORDER BY id', d.model_id)) {
          const kind = kindFor(p.data_type, p.access);
          insert(data, g.id, code(kind), p.name.slice(0, 30), kind, 1, d.id, p.code, 1);
        }
      }
      for (const kind of POINT_KINDS) insert(data, g.id, code(kind), `Spare ${kind}`, kind, 0, null, null, 0);
    }
  });
}

