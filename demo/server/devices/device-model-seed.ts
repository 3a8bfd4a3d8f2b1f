// The demo's device categories, models and parameters (first start, and every tenant that has none):
// one model per kind of seeded device (code prefix), with realistic parameters; seeded devices get
// their model. Moved out of device-model.ts (issue 39: seeds keep their SQL in `*-seed.ts`).
import type { ParamSave } from '../../../shared/api/device-model-types.ts';
import type { Db } from '../db.ts';
import { tenantDataOf } from '../tenant-data.ts';

/** A name in both languages: [Chinese, English] (local-names.ts). */
export type Names = readonly [zh: string, en: string];

type SeedParam = [code: string, names: Names, type: ParamSave['dataType'], access: ParamSave['access'], unit: string, min: string, max: string, def: string, collect: string, alarm: string];

/** The demo's models, one per kind of seeded device (code prefix), with realistic parameters. */
export const SEED_MODELS: ReadonlyArray<{ category: Names; code: string; names: Names; prefix: string; params: SeedParam[] }> = [
  { category: ['暖通空调', 'HVAC'], code: 'FCU100', names: ['风机盘管', 'Fan coil unit'], prefix: 'FCU', params: [['temp', ['供水温度', 'Supply temperature'], 'float', 'r', '°C', '5', '40', '22', 'x / 10', 'x > 35'], ['setpoint', ['设定温度', 'Set point'], 'float', 'rw', '°C', '16', '30', '24', '', ''], ['fan', ['风机运行', 'Fan on'], 'bool', 'rw', '', '0', '1', '1', '', '']] },
  { category: ['暖通空调', 'HVAC'], code: 'AHU200', names: ['空调机组', 'Air handling unit'], prefix: 'AHU', params: [['temp', ['回风温度', 'Return air temperature'], 'float', 'r', '°C', '5', '40', '23', 'x / 10', 'x > 32'], ['pressure', ['过滤器压差', 'Filter pressure drop'], 'float', 'r', 'Pa', '0', '500', '120', '', 'x > 400'], ['run', ['运行状态', 'Running'], 'bool', 'rw', '', '0', '1', '1', '', '']] },
  { category: ['电力', 'Power'], code: 'MTR3P', names: ['三相电表', 'Three-phase meter'], prefix: 'METER', params: [['power', ['有功功率', 'Active power'], 'float', 'r', 'kW', '0', '500', '80', 'x / 100', 'x > 450'], ['energy', ['电能', 'Energy'], 'float', 'r', 'kWh', '0', '1000000', '0', '', '']] },
  { category: ['电力', 'Power'], code: 'LGT8', names: ['照明回路', 'Lighting circuit'], prefix: 'LIGHT', params: [['on', ['回路通电', 'Circuit on'], 'bool', 'rw', '', '0', '1', '0', '', ''], ['current', ['电流', 'Current'], 'float', 'r', 'A', '0', '32', '6', '', 'x > 30']] },
  { category: ['给排水', 'Water'], code: 'PMP55', names: ['水泵', 'Water pump'], prefix: 'PUMP', params: [['pressure', ['出水压力', 'Outlet pressure'], 'float', 'r', 'bar', '0', '16', '6', 'x / 10', 'x > 12'], ['run', ['运行状态', 'Running'], 'bool', 'rw', '', '0', '1', '1', '', '']] },
  { category: ['安防', 'Safety'], code: 'ACS2', names: ['门禁', 'Access door'], prefix: 'DOOR', params: [['open', ['门开启', 'Door open'], 'bool', 'r', '', '0', '1', '0', '', ''], ['lock', ['已上锁', 'Locked'], 'bool', 'rw', '', '0', '1', '1', '', '']] },
  { category: ['安防', 'Safety'], code: 'SMK1', names: ['烟感探测器', 'Smoke detector'], prefix: 'SMOKE', params: [['smoke', ['烟雾浓度', 'Smoke density'], 'float', 'r', '%obs/m', '0', '20', '0.2', 'x / 100', 'x > 4']] },
  { category: ['暖通空调', 'HVAC'], code: 'THS1', names: ['温湿度传感器', 'Temperature and humidity sensor'], prefix: 'TEMP', params: [['temp', ['温度', 'Temperature'], 'float', 'r', '°C', '-20', '60', '22', 'x / 10', 'x > 30'], ['humidity', ['湿度', 'Humidity'], 'float', 'r', '%RH', '0', '100', '45', 'x / 10', 'x > 80']] },
];

/** Categories, models and parameters for each tenant that has none; seeded devices get their model. */
export function seed(db: Db): void {
  const tenants = (db.prepare('SELECT id FROM tenant WHERE platform = 0').all<{ id: number }>()).map((t) => t.id);
  for (const tenantId of tenants) {
    const data = tenantDataOf(db, tenantId);
    if (data.get('SELECT 1 FROM device_category WHERE tenant_id = $tenant LIMIT 1')) continue;
    data.tx(() => {
      const categories = new Map<string, number>();
      for (const m of SEED_MODELS) {
        let category = categories.get(m.category[1]);
        if (category === undefined) {
          category = Number(data.run('INSERT INTO device_category (tenant_id, name, name_en) VALUES ($tenant, ?, ?)', ...m.category).lastInsertRowid);
          categories.set(m.category[1], category);
        }
        const modelId = Number(data.run('INSERT INTO device_model (tenant_id, category_id, code, name, name_en) VALUES ($tenant, ?, ?, ?, ?)', category, m.code, ...m.names).lastInsertRowid);
        for (const [code, [name, nameEn], type, access, unit, min, max, def, collect, alarm] of m.params) {
          data.run(
            `INSERT INTO model_param (tenant_id, model_id, name, name_en, code, data_type, access, unit, precision, collect_formula, alarm_expression, ui_type, min, max, step, default_value)
             VALUES ($tenant, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            modelId, name, nameEn, code, type, access, unit, type === 'float' ? '1' : '0', collect, alarm, type === 'bool' ? 'switch' : 'gauge', min, max, type === 'bool' ? '1' : '0.1', def,
          );
        }
        data.run("UPDATE device SET model_id = ? WHERE tenant_id = $tenant AND model_id IS NULL AND code LIKE ? ESCAPE '\\'", modelId, `%${m.prefix}-%`);
      }
    });
  }
}

