// Lint: recommended JS + TypeScript rules, React hooks rules; type checking itself is `npm run typecheck`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// One way of doing each thing (issue 39), as rules rather than review. The layers: shared/ is the
// bottom (it never imports widgets/ or console/); widgets/ never import console/; the console reaches a
// widget only through its public entries — the element (`widgets/<w>/<w>.element.ts`, which registers
// the tag) or the widget's index (`widgets/<w>/index.ts`, the React surface the element wraps, which
// the console's own React pages use: the scada view and the scada editor). Views poll only through
// usePoll (shared/element/use-poll.ts) or SharedPoller (shared/poll): no setInterval. Dates are
// written only by shared/forms/date-text.ts (SPEC §9, the same in both languages): no dayjs,
// toLocale*String or Intl.DateTimeFormat in views. Views make no request of their own (fetch,
// XMLHttpRequest, redaxios): shared/http reads every answer, downloads included.
// tests/lint/lint-rules.test.ts shows each rule failing on a deliberate violation.
//
// The typed rules build the whole TypeScript program (about two thirds of a full run). npm test's lint
// layer (tests/run.ts) sets ATRIUM_LINT_UNTYPED=1 to skip them, as its type check is the types layer;
// `npm run lint` runs everything.
const TYPED = process.env.ATRIUM_LINT_UNTYPED !== '1';
const UP = String.raw`^(?:\.\./)+`;
const WIDGET_INTERNAL = String.raw`${UP}widgets/(?![\w-]+/(?:[\w-]+\.element|index)\.ts$)`;
const BOUNDARY = {
  shared: { regex: String.raw`${UP}(?:widgets|console)(?:/|$)`, message: 'shared/ is the bottom layer: it never imports widgets/ or console/.' },
  widgets: { regex: String.raw`${UP}console(?:/|$)`, message: 'widgets/ never import console/: a widget must work in any portal.' },
  console: { regex: WIDGET_INTERNAL, message: "The console reaches a widget only through its element (widgets/<w>/<w>.element.ts) or its index (widgets/<w>/index.ts), never a widget's internals." },
};
const NO_DAYJS = { name: 'dayjs', message: 'Dates are written by shared/forms/date-text.ts (SPEC §9), not dayjs.' };
// Requests from views go through shared/http (client, download, upload), whose one reading of the
// envelope (catalogue.ts interpret, client.ts settle) decides notices and the session counter.
const HTTP_MESSAGE = 'Views ask the platform through shared/http (http, fetchFile/downloadFile, uploadForm), which read the answer the one way (interpret, settle).';
const NO_REDAXIOS = { name: 'redaxios', message: HTTP_MESSAGE };
const NO_RAW_REQUESTS = ['fetch', 'XMLHttpRequest'].map((name) => ({ name, message: HTTP_MESSAGE }));
// esquery needs the slashes of a regex escaped; the same boundary for dynamic import().
const dynamicImport = ({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`, message });
const VIEW_SYNTAX = [
  {
    selector: "CallExpression[callee.name='setInterval'], CallExpression[callee.property.name='setInterval']",
    message: 'Views poll through usePoll (shared/element/use-poll.ts) or SharedPoller (shared/poll), which stop in hidden tabs; not setInterval.',
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(?:Date|Time)?String$/]',
    message: 'Dates are written by shared/forms/date-text.ts (SPEC §9: YYYY-MM-DD HH:mm:ss in both languages), not toLocale*String.',
  },
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat'], CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message: 'Dates are written by shared/forms/date-text.ts (SPEC §9), not Intl.DateTimeFormat.',
  },
];

/** The layer rules: boundaries (static and dynamic imports) and no dayjs everywhere in a layer, its tests included; timers, date formatting and raw requests in its product files. */
function oneWay() {
  return Object.entries(BOUNDARY).flatMap(([layer, boundary]) => {
    const views = layer !== 'shared';
    const imports = ['error', { paths: views ? [NO_DAYJS, NO_REDAXIOS] : [NO_DAYJS], patterns: [{ regex: boundary.regex, message: boundary.message }, { group: ['dayjs/*'], message: NO_DAYJS.message }] }];
    return [
      { files: [`${layer}/**/*.{ts,tsx,js,mjs}`], rules: { 'no-restricted-imports': imports, 'no-restricted-syntax': ['error', dynamicImport(boundary)] } },
      ...(views ? [{ files: [`${layer}/**/*.{ts,tsx}`], ignores: ['**/*.test.{ts,tsx}'], rules: { 'no-restricted-syntax': ['error', dynamicImport(boundary), ...VIEW_SYNTAX], 'no-restricted-globals': ['error', ...NO_RAW_REQUESTS] } }] : []),
    ];
  });
}

// Tenant data by construction (issue 39, demo/server/tenant-data.ts): a domain folder's modules reach
// the database through tenantData(request) (bound to the request's tenant, every statement on a tenant
// table filtered by $tenant) or platformData(app, why), never app.atrium.db. Engines and seeds that are
// handed a Db by the platform keep it as a parameter. Files still to convert are listed by name and
// leave the list as they are converted.
const DOMAINS = ['people', 'administration', 'devices', 'alarms', 'linkage', 'video', 'documents', 'workflow', 'attendance', 'operations', 'scada'];
const TENANT_UNCONVERTED = [
];
const RAW_DB = [
  { selector: "MemberExpression[property.type='Identifier'][property.name='db']", message: 'Tenant data goes through tenantData(request) or platformData(app, why) (demo/server/tenant-data.ts), not app.atrium.db or a context\'s db.' },
  { selector: "VariableDeclarator[init.property.name='atrium'] > ObjectPattern > Property[key.name='db']", message: 'Tenant data goes through tenantData(request) or platformData(app, why) (demo/server/tenant-data.ts), not app.atrium.db.' },
];
const NO_RAW_DB = {
  files: DOMAINS.map((d) => `demo/server/${d}/**/*.ts`),
  ignores: ['**/*.test.ts', ...TENANT_UNCONVERTED],
  rules: { 'no-restricted-syntax': ['error', ...RAW_DB] },
};

// SQL lives in a domain's data modules (issue 39): routes and engines call named functions of
// `data.ts` / `<topic>-data.ts` (and seeds write their rows in `<topic>-seed.ts`), so a route module
// stays thin and a query has one home. A string or template in any other domain module that starts
// like SQL (upper-case keywords, as the platform writes them) fails the lint layer. Modules whose SQL
// is still to move are listed by name and leave the list as they are converted.
const SQL_HOMES = ['**/data.ts', '**/*-data.ts', '**/*-seed.ts'];
const SQL_UNMOVED = [
];
// (A keyword followed by a space or a line break: a bare 'DELETE' is an HTTP method, not SQL.)
const SQL_START = '/^\\s*(SELECT|INSERT|UPDATE|DELETE|WITH|REPLACE|FROM|WHERE|JOIN|LEFT JOIN|ORDER BY|GROUP BY)\\s/';
const SQL_MESSAGE = "SQL belongs in the domain's data module (data.ts or <topic>-data.ts beside this file); call a named function of it from here.";
const NO_SQL_OUTSIDE_DATA = {
  files: DOMAINS.map((d) => `demo/server/${d}/**/*.ts`),
  ignores: ['**/*.test.ts', ...TENANT_UNCONVERTED, ...SQL_HOMES, ...SQL_UNMOVED],
  rules: {
    'no-restricted-syntax': [
      'error',
      ...RAW_DB,
      { selector: `Literal[value=${SQL_START}]`, message: SQL_MESSAGE },
      { selector: `TemplateElement[value.raw=${SQL_START}]`, message: SQL_MESSAGE },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'test-results/**', 'demo/media/clips/**', 'demo/embed/vendor/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.mocha } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // React's rules where React is: the platform's and Playwright's `use…` fixtures are not hooks.
    files: ['{shared,widgets,console}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...(TYPED ? [
    {
      // Typed rules for the product code: a promise nobody awaits or catches is a failure nobody sees.
      files: ['shared/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'console/**/*.{ts,tsx}', 'demo/**/*.ts'],
      // The kit's published declarations are outside the project (tsconfig.json); tests/types checks them.
      ignores: ['**/*.test.{ts,tsx}', 'widgets/types/**'],
      languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
      rules: {
        '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
        '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      },
    },
  ] : []),
  ...oneWay(),
  NO_RAW_DB,
  NO_SQL_OUTSIDE_DATA,
  {
    // Test harnesses read JSON answers loosely; product code may not.
    files: ['**/*.test.{ts,tsx}', 'demo/server/testing.ts', 'demo/server/test-platform.ts', 'tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
