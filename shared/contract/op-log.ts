// Operation logs (MonitorOPS ops/gate_log): what the platform recorded of every write, sign-in and
// refusal, searched over the past 3 months, verified as a hash chain, and exported.
import Type from 'typebox';
import { OP_LOG_RESULTS } from '../api/op-log-types.ts';
import { operation } from './operation.ts';
import { COUNT_LIMIT, TOTAL_CAP } from '../api/resource.ts';
import { OneOf, Strict, Text, PageOf, PageQueryOf } from './fields.ts';
import { ProgressKey } from './progress.ts';

const TAG = 'Operation log';

/** A date or a date-time as the console's date range and ISO texts give it. */
const DateText = (description: string) =>
  Type.String({
    maxLength: 32,
    pattern: '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
    'x-rule': 'validate.date.invalid',
    description,
  });

export const OpLogRow = Strict({
  id: Type.Integer({ minimum: 1 }),
  userId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'null for a call nobody signed in made (a failed sign-in)' }),
  username: Type.String(),
  at: Type.Integer({ minimum: 0, description: 'Epoch milliseconds' }),
  ip: Type.String({ description: 'The client address' }),
  method: Type.String(),
  route: Type.String({ description: 'The route pattern (/api/admin/user/:id)' }),
  path: Type.String(),
  target: Type.String({ description: "The route's path parameters (ids), joined with '/'" }),
  code: Type.Union([Type.Integer(), Type.Null()], { description: 'The envelope code, when the answer had one' }),
  status: Type.Integer({ description: 'HTTP status' }),
  result: OneOf(OP_LOG_RESULTS),
});

const filters = {
  username: Type.Optional(Text(0, 64, { description: 'User names starting with this' })),
  path: Type.Optional(Text(0, 128, { description: "Paths starting with this ('/api/device' finds every device call)" })),
  result: Type.Optional(OneOf(OP_LOG_RESULTS)),
  from: Type.Optional(DateText('A date or date-time within the past 3 months (SPEC §5)')),
  to: Type.Optional(DateText('A date (the whole day) or a date-time')),
};

export const OpLogQuery = PageQueryOf({ ...filters });
export const OpLogExport = Strict(filters);

export const OpLogPage = PageOf(OpLogRow, { description: `Counting stops at ${COUNT_LIMIT} (SPEC §9 shows ${TOTAL_CAP}+)` });

export const OpLogVerify = Strict({
  intact: Type.Boolean({ description: "True when every record of the tenant follows from the one before (none removed or changed)" }),
  records: Type.Integer({ minimum: 0 }),
  brokenAt: Type.Optional(Type.Integer({ minimum: 0, description: 'The index (oldest first) of the first record that does not follow' })),
});

const sampleRow = { id: 1, userId: 1, username: 'admin', at: 1777622400000, ip: '127.0.0.1', method: 'POST', route: '/api/admin/user', path: '/api/admin/user', target: '', code: 0, status: 200, result: 'ok' };

export const ops = {
  page: operation({
    method: 'POST',
    path: '/api/ops/gate_log/page',
    rights: { menu: 'gateLog' },
    tag: TAG,
    summary: "The tenant's operation records, newest first, paged",
    description: 'Filtered by user and interface (from the start of the text), result and period; a period reaching further back than 3 months, an end before the start or a start in the future is refused (SPEC §5).',
    body: OpLogQuery,
    data: OpLogPage,
    examples: { body: { page: 1, limit: 20, result: 'refused' }, data: { rows: [sampleRow], total: 1 } },
  }),
  verify: operation({
    method: 'GET',
    path: '/api/ops/gate_log/verify',
    rights: { menu: 'gateLog' },
    tag: TAG,
    summary: "Verifies the tenant's hash chain of records",
    description: 'Every record hashes the one before it, so a removed or changed record breaks the chain at its place. Records cannot be edited or deleted through the API.',
    data: OpLogVerify,
    examples: { data: { intact: true, records: 120 } },
  }),
  export: operation({
    method: 'POST',
    path: '/api/ops/gate_log/export',
    rights: { menu: 'gateLog' },
    tag: TAG,
    summary: 'Exports the matching records to a spreadsheet (a background task)',
    description: "The list's filters. The answer names the background task; its file is offered in the progress panel. Refused while the user runs too many tasks.",
    body: OpLogExport,
    data: ProgressKey,
    examples: { body: { username: 'oper' }, data: { key: 'opLogExport', hashKey: '0123456789abcdef' } },
  }),
};
