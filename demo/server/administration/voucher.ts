// Vouchers (licence certificates, SPEC §3/§4/§7): each tenant holds provisional vouchers (with an
// expiry) or perpetual ones. A tenant whose vouchers have all expired — or that has none — is not
// licensed: its users' calls answer 40401 ('Illegal License', SPEC §8), and the console logs them out.
// The platform operator issues, changes and withdraws vouchers; a tenant's super admin sees its own.
// Every tenant seeded before this existed gets a perpetual voucher; a tenant the operator creates
// starts with a 30-day provisional one.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { VOUCHER_KINDS, type VoucherSave } from '../../../shared/api/tenant-types.ts';
import { ops } from '../../../shared/contract/voucher.ts';
import { route } from '../contract.ts';
import { fail, failField, failWith, ok, userOf } from '../http.ts';
import { langOf, type Lang } from '../messages.ts';
import { platformData, tenantData, tenantDataOf } from '../tenant-data.ts';
import { isCustomerTenant, isOperatorTenant } from './tenants-data.ts';
import { deleteVoucher, findVoucher, insertVoucher, listVouchers, updateVoucher, voucherExists } from './voucher-data.ts';

export { seed } from './voucher-seed.ts';

const TEXT = {
  provisional: { zh: '临时', en: 'Provisional' },
  perpetual: { zh: '永久', en: 'Perpetual' },
  expiry: { zh: '临时凭证须有今天以后的到期日（YYYY-MM-DD）', en: 'A provisional voucher needs an expiry date after today (YYYY-MM-DD)' },
  noTenant: { zh: '租户不存在', en: 'No such tenant' },
  noVoucher: { zh: '凭证不存在', en: 'No such voucher' },
} as const satisfies Record<string, Record<Lang, string>>;

const plugin: FastifyPluginAsync = async (app) => {
  const platform = platformData(app, 'the platform operator issues, changes and withdraws the vouchers of every tenant');
  const isOperator = (request: FastifyRequest) => isOperatorTenant(tenantData(request));

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
    return ok(listVouchers(data, Date.now()));
  });

  const save = (request: FastifyRequest<{ Body: VoucherSave }>, id: number | null) => {
    const lang = langOf(request);
    if (!isOperator(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const b = request.body;
    const data = tenantDataOf(platform, b.tenantId);
    if (!isCustomerTenant(data)) return failField(TEXT.noTenant[lang], 'tenantId');
    const expires = b.kind === 'provisional' ? expiryOf(b.expiresOn) : null;
    if (b.kind === 'provisional' && expires === null) return failField(TEXT.expiry[lang], 'expiresOn');
    const write = { kind: b.kind, expiresAt: expires, note: (b.note ?? '').trim() };
    if (id === null) id = insertVoucher(data, write, Date.now());
    else updateVoucher(data, id, write);
    return ok(findVoucher(data, id, Date.now())!);
  };

  route(app, ops.issue, async (request) => save(request, null));
  route(app, ops.update, async (request) => {
    // The voucher must be the named tenant's.
    if (!voucherExists(tenantDataOf(platform, request.body.tenantId), request.params.id)) return fail(TEXT.noVoucher[langOf(request)]);
    return save(request, request.params.id);
  });
  route(app, ops.withdraw, async (request) => {
    if (!isOperator(request)) return failWith(request, 'http.noPermission', undefined, 40301);
    const removed = deleteVoucher(platform, request.params.id);
    return removed ? ok({ removed }) : fail(TEXT.noVoucher[langOf(request)]);
  });
};

export default plugin;
