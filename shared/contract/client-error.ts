// The client error log (SPEC §8): the console pushes its unhandled errors, scrubbed of tokens and
// personal data; the operations pages list them per tenant.
import Type from 'typebox';
import { CLIENT_ERRORS_PER_CALL } from '../api/client-error-types.ts';
import { operation } from './operation.ts';
import { Id, Strict, Time, PageOf, PageQueryOf } from './fields.ts';

const TAG = 'Client errors';

// A report is text the browser produced: it is not refused for what it holds (a failure should reach the
// log), only for its size; the platform replaces control characters other than line breaks and tabs.
export const ClientErrorReport = Strict({
  message: Type.String({ maxLength: 500, description: 'The error, scrubbed by the console (at most 500 characters, scrubbed again by the platform)' }),
  stack: Type.Optional(Type.String({ maxLength: 4000 })),
  path: Type.Optional(Type.String({ maxLength: 2000, description: "The page's path, without query or fragment (they may carry tokens); the platform keeps 200 characters" })),
  at: Type.Optional(Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000, description: 'Epoch ms when it happened; a time more than a day away from now is replaced by now' })),
});

export const ClientErrorReports = Strict({
  items: Type.Array(ClientErrorReport, { minItems: 1, maxItems: CLIENT_ERRORS_PER_CALL, description: `1 to ${CLIENT_ERRORS_PER_CALL} reports` }),
});

export const ClientErrorStored = Strict({
  stored: Type.Integer({ minimum: 0, description: 'Reports kept' }),
  dropped: Type.Integer({ minimum: 0, description: "Reports dropped because the tenant's 60 a minute were used up" }),
});

export const ClientErrorRow = Strict({
  id: Id(),
  at: Time(),
  message: Type.String(),
  stack: Type.String(),
  path: Type.String(),
  agent: Type.String({ description: "The reporting browser's user agent (200 characters at most)" }),
});

export const ClientErrorPage = PageOf(ClientErrorRow);

export const ClientErrorQuery = PageQueryOf({});

export const ops = {
  report: operation({
    method: 'POST',
    path: '/api/ops/client-error',
    rights: 'user',
    tag: TAG,
    summary: "Reports the console's unhandled errors",
    description:
      "Any signed-in page may report. The platform scrubs each report again (query strings, tokens, e-mail addresses, phone numbers) and keeps it for the tenant without the user or address, 90 days. A flood is cut at 60 a minute per tenant: the rest are counted as dropped, the answer comes at once. Not written to the operation log.",
    body: ClientErrorReports,
    data: ClientErrorStored,
    examples: { body: { items: [{ message: 'TypeError: x is undefined', stack: 'at view (app.js:1:2)', path: '/alarm/search', at: 1777622400000 }] }, data: { stored: 1, dropped: 0 } },
  }),
  page: operation({
    method: 'POST',
    path: '/api/ops/client-error/page',
    rights: { menu: 'gateLog' },
    tag: TAG,
    summary: "The tenant's client errors, newest first, paged",
    description: "Only the tenant's own reports; needs the log right (gateLog).",
    body: ClientErrorQuery,
    data: ClientErrorPage,
    examples: {
      body: { page: 1, limit: 20 },
      data: { rows: [{ id: 1, at: '2026-05-01 08:00:00', message: 'TypeError: x is undefined', stack: '', path: '/alarm/search', agent: 'Mozilla/5.0' }], total: 1 },
    },
  }),
};
