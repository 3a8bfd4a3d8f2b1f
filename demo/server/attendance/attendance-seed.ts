// The attendance domain's first-start data: each tenant's fill-in approval form (a workflow form of
// the fill-in kind), and the demo tenant's office hours with its head office and first members.
import type { Db } from '../db.ts';
import { tenantDataOf } from '../tenant-data.ts';
import type { StoredField, StoredStep } from '../workflow/workflow-data.ts';

/** The seeded rule's and site's names: [Chinese (stored), English]. */
export const SEED_NAMES = { rule: ['办公时间', 'Office hours'], site: ['总部', 'Head office'] } as const;

export const FILL_IN_KIND = 'attendanceFillIn';

/**
 * The fill-in approval form each tenant gets, in both languages like every seeded name
 * (local-names.ts): its name and description, its fields' labels (label_en) and its step's name
 * (name_en; workflow.ts reads them in the caller's language).
 */
export const FILL_IN_FORM = {
  name: ['补卡申请', 'Attendance fill-in'],
  description: ['忘记打卡时申请补记，审批通过后计入考勤', 'For a missed clock; it counts once approved'],
  fields: [
    { name: 'day', label: ['日期', 'Date'], type: 'date' },
    { name: 'time', label: ['时间', 'Time'], type: 'text' },
    { name: 'reason', label: ['原因', 'Reason'], type: 'text' },
  ],
  step: ['审批', 'Approval'],
} as const;

/** Ensures each tenant has its fill-in approval form (the tenant super admin approves until changed). */
export function seed(db: Db): void {
  // The tenants (a platform table) are walked; each one's rows are written through its own data.
  const tenants = db.prepare('SELECT id FROM tenant WHERE platform = 0').all<{ id: number }>();
  for (const { id: tenantId } of tenants) {
    const data = tenantDataOf(db, tenantId);
    if (data.get('SELECT 1 FROM wf_form WHERE tenant_id = $tenant AND kind = ?', FILL_IN_KIND)) continue;
    const approver = data.get<{ id: number }>('SELECT id FROM role WHERE tenant_id = $tenant AND super_admin = 1 ORDER BY id LIMIT 1');
    if (!approver) continue;
    data.tx(() => {
      const now = Date.now();
      const f = FILL_IN_FORM;
      const formId = Number(
        data.run('INSERT INTO wf_form (tenant_id, name, name_en, description, description_en, enabled, version, updated_at, kind) VALUES ($tenant, ?, ?, ?, ?, 1, 1, ?, ?)', ...f.name, ...f.description, now, FILL_IN_KIND).lastInsertRowid,
      );
      // Keys in the order workflow.ts stores a saved field and step (an unchanged save is no new version).
      const fields: StoredField[] = f.fields.map((field) => ({ name: field.name, label: field.label[0], type: field.type, required: true, label_en: field.label[1] }));
      const process: { steps: StoredStep[]; cc: number[] } = { steps: [{ name: f.step[0], mode: 'any', approvers: { kind: 'role', roleId: approver.id }, name_en: f.step[1] }], cc: [] };
      data.run('INSERT INTO wf_form_version (form_id, version, fields, process, created_at) VALUES (?, 1, ?, ?, ?)', formId, JSON.stringify(fields), JSON.stringify(process), now);
    });
  }
  // The demo tenant's office hours and its head office, once.
  const demo = tenantDataOf(db, 1);
  if (!demo.get('SELECT 1 FROM att_rule WHERE tenant_id = $tenant') && db.prepare('SELECT 1 FROM tenant WHERE id = 1').get()) {
    demo.tx(() => {
      const ruleId = Number(demo.run(`INSERT INTO att_rule (tenant_id, name, name_en, work_start, work_end, flex_minutes, late_threshold, early_threshold, fill_in_minutes, weekdays, skip_holidays) VALUES ($tenant, ?, ?, '09:00', '18:00', 10, 60, 60, 30, '1,2,3,4,5', 1)`, ...SEED_NAMES.rule).lastInsertRowid);
      const siteId = Number(demo.run(`INSERT INTO att_site (tenant_id, name, name_en, rule_id, kind) VALUES ($tenant, ?, ?, ?, 'devices')`, ...SEED_NAMES.site, ruleId).lastInsertRowid);
      for (const d of demo.all<{ id: number }>('SELECT id FROM device WHERE tenant_id = $tenant ORDER BY id LIMIT 2')) demo.run('INSERT INTO att_site_device (site_id, device_id) VALUES (?, ?)', siteId, d.id);
      for (const u of demo.all<{ id: number }>("SELECT id FROM user WHERE tenant_id = $tenant AND username IN ('admin', 'operator', 'viewer')")) demo.run('INSERT INTO att_member (tenant_id, user_id, site_id) VALUES ($tenant, ?, ?)', u.id, siteId);
    });
  }
}
