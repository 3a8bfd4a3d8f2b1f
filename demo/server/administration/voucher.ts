// Vouchers (licence certificates, SPEC §3/§4/§7): each tenant holds provisional vouchers (with an
// expiry) or perpetual ones. A tenant whose vouchers have all expired — or that has none — is not
// licensed: its users' calls answer 40401 ('Illegal License', SPEC §8), and the console logs them out.
// The platform operator issues, changes and withdraws vouchers; a tenant's super admin sees its own.
// Every tenant seeded before this existed gets a perpetual voucher; a tenant the operator creates
// starts with a 30-day provisional one.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { VOUCHER_KINDS, type Voucher, type VoucherSave } from '../../../shared/api/tenant-types.ts';
import { ops } from '../../../shared/contract/voucher.ts';
import { route } from '../contract.ts';
import type { Db } from '../db.ts';
import { fail, failField, failWith, ok, userOf } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { col, shape } from '../shape.ts';
import { platformData, tenantData, tenantDataOf, type TenantData } from '../tenant-data.ts';

const TEXT = {
  provisional: { zh: '临时', en: 'Provisional' },
  perpetual: { zh: '永久', en: 'Perpetual' },
  expiry: { zh: '临时凭证须有今天以后的到期日（YYYY-MM-DD）', en: 'A provisional voucher needs an expiry date after today (YYYY-MM-DD)' },
  noTenant: { zh: '租户不存在', en: 'No such tenant' },
  noVoucher: { zh: '凭证不存在', en: 'No such voucher' },
} as const satisfies Record<string, Record<Lang, string>>;

const newCode = (): string => `ATR-${randomBytes(6).toString('hex').toUpperCase().match(/.{4}/g)!.join('-')}`;

/** A new tenant's first voucher: 30 days, provisional. */
export function issueTrial(data: TenantData, now = Date.now()): void {
  data.run("INSERT INTO voucher (tenant_id, code, kind, expires_at, note, created_at) VALUES ($tenant, ?, 'provisional', ?, 'trial', ?)", newCode(), now + 30 * 24 * 3600 * 1000, now);
}

export function seed(db: Db): void {
  // Only on the first start with vouchers (marked in the migration log): later, a tenant whose vouchers
  // were all withdrawn stays unlicensed instead of getting a new one at the next restart.
  if (db.prepare("SELECT 1 FROM schema_migration WHERE id = 'voucher/seed-perpetual'").get()) return;
  const bare = db.prepare('SELECT id FROM tenant t WHERE platform = 0 AND NOT EXISTS (SELECT 1 FROM voucher v WHERE v.tenant_id = t.id)').all<{ id: number }>();
  for (const { id } of bare) db.prepare("INSERT INTO voucher (tenant_id, code, kind, note, created_at) VALUES (?, ?, 'perpetual', 'demo', ?)").run(id, newCode(), Date.now());
  db.prepare("INSERT INTO schema_migration (id, applied_at) VALUES ('voucher/seed-perpetual', ?)").run(Date.now());
}

/** A voucher as the API answers it (voucher v), seen at a moment (ms): provisional ones expire. */
const VOUCHER = shape<Voucher, number>({
  id: col.value('v.id'),
  tenantId: col.value('v.tenant_id'),
  code: col.value('v.code'),
  kind: col.value('v.kind'),
  expiresAt: col.time('v.expires_at'),
  expired: col.calc("CASE WHEN v.kind = 'provisional' THEN COALESCE(v.expires_at, 0) END", (until, now: number) => until !== null && Number(until) <= now),
  note: col.value('v.note'),
});

const plugin: FastifyPluginAsync = async (app) => {
  const platform = platformData(app, 'the platform operator issues, changes and withdraws the vouchers of every tenant');
  const isOperator = (request: FastifyRequest) => Boolean(tenantData(request).get('SELECT 1 FROM tenant WHERE id = $tenant AND platform = 1'));

  /** The end of a YYYY-MM-DD day, local time; null unless a real day after today. */
  const expiryOf = (day: string | undefined): number | null => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
    if (!m) return null;
    const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59).getTime();
    const real = new Date(end).getDate() === Number(m[3]);
    return real && end > Date.now() ? end : null;
  };

  route(app, ops.kinds, async (request) => {
    const lang = langOf(request);
    return ok(VOUCHER_KINDS.map((value) => ({ value, label: TEXT[value][lang] })));
  });

  /** The tenant's vouchers; the operator names the tenant. */
  route(app, ops.list, async (request) => {
    const user = userOf(request);
    const operator = isOperator(request);
    if (!operator && !user.superAdmin) return failWith(request, 'http.noPermission', undefined, 40301);
    const data = operator && request.query.tenantId ? tenantDataOf(platform, request.query.tenantId) : tenantData(request);
    const rows = data.all(`SELECT ${VOUCHER.select} FROM voucher v WHERE v.tenant_id = $tenant ORDER BY v.id DESC`);
    return ok(VOUCHER.all(rows, Date.now()));
  });

  const save = (request: FastifyRequest<{ Body: VoucherSave }>, id: number | null) => {
    const lang = langOf(request);
    if (!isOperator(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const b = request.body;
    const data = tenantDataOf(platform, b.tenantId);
    if (!data.get('SELECT 1 FROM tenant WHERE id = $tenant AND platform = 0')) return failField(TEXT.noTenant[lang], 'tenantId');
    const expires = b.kind === 'provisional' ? expiryOf(b.expiresOn) : null;
    if (b.kind === 'provisional' && expires === null) return failField(TEXT.expiry[lang], 'expiresOn');
    if (id === null) {
      id = Number(data.run('INSERT INTO voucher (tenant_id, code, kind, expires_at, note, created_at) VALUES ($tenant, ?, ?, ?, ?, ?)', newCode(), b.kind, expires, (b.note ?? '').trim(), Date.now()).lastInsertRowid);
    } else {
      data.run('UPDATE voucher SET kind = ?, expires_at = ?, note = ? WHERE id = ? AND tenant_id = $tenant', b.kind, expires, (b.note ?? '').trim(), id);
    }
    return ok(VOUCHER.read(data.get(`SELECT ${VOUCHER.select} FROM voucher v WHERE v.id = ? AND v.tenant_id = $tenant`, id)!, Date.now()));
  };

  route(app, ops.issue, async (request) => save(request, null));
  route(app, ops.update, async (request) => {
    // The voucher must be the named tenant's.
    if (!tenantDataOf(platform, request.body.tenantId).get('SELECT 1 FROM voucher WHERE id = ? AND tenant_id = $tenant', request.params.id)) return fail(TEXT.noVoucher[langOf(request)]);
    return save(request, request.params.id);
  });
  route(app, ops.withdraw, async (request) => {
    if (!isOperator(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const removed = platform.prepare('DELETE FROM voucher WHERE id = ?').run(request.params.id).changes;
    return removed ? ok({ removed: Number(removed) }) : fail(TEXT.noVoucher[langOf(request)]);
  });
};

export default plugin;
