import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * The map (docs/conventions.md habit 12), enforced with ESLint's own no-restricted-imports. Its
 * config objects do not merge: the last one matching a file wins, so each block below builds the
 * whole rule for its files from the lists here. Every exception is written down with its reason;
 * a new one belongs here, not in an eslint-disable comment. apps/server/test/app.lint-boundaries.test.ts
 * proves the rules fire. The files at the root of apps/server/src (app.ts, main.ts, config.ts), where
 * the server is put together, may import any file of a module.
 */

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rule = (patterns, paths = []) => ['error', { paths, patterns }];

// ---------------------------------------------------------------- the web app (apps/web/src)

const WEB_BASE = [
  { group: ['**/apps/server/**', '@desk/server*'], message: 'The web app never reaches into the server.' },
  { group: ['node:*'], message: 'The web app runs in the browser.' },
];
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

/**
 * What a feature may import from another feature, each with its reason. Everything else in
 * another feature is its own business: share it through components/ or lib/ instead.
 */
const WEB_FEATURE_EXCEPTIONS = [
  {
    to: ['auth/api/get-session', 'auth/api/get-user-roles'],
    reason: 'the signed-in user and the role checks, which every screen reads (the auth feature owns the session)',
  },
  {
    from: ['account'],
    to: ['auth/redirect-target', 'auth/reset-user-state', 'admin/password-input'],
    reason: 'the account page signs out and changes passwords as the sign-in and the users tab do',
  },
  {
    from: ['admin'],
    to: ['config/api/get-public-config', 'products/components/product-catalog'],
    reason: 'the settings tab refreshes the public configuration; the product catalogue is a tab of Admin',
  },
  {
    from: ['documents'],
    to: [
      'config/api/get-public-config',
      'find/api/get-prices',
      'products/api/list-package-modifiers',
      'history/history-panel',
      'vendor-orders/waiting-on',
    ],
    reason:
      "the cart reads the tax rate, prices and modifiers as Find and the catalogue do; the modal shows the document's history and what it waits on",
  },
  {
    from: ['products'],
    to: ['find/api/get-prices'],
    reason: 'the product card shows the prices Find asks for',
  },
  {
    from: ['loaders'],
    to: ['vendor-orders/waiting-on'],
    reason: 'the bays show what an order waits on (docs/decisions/007)',
  },
  {
    from: ['find'],
    to: ['products/components/product-card'],
    reason: 'Find opens the product card',
  },
  {
    from: ['orders'],
    to: ['vendor-orders/waiting-on', 'vendor-orders/linked-vendor-orders'],
    reason: "an order's vendor orders are the vendor-orders feature's own section (docs/decisions/007)",
  },
  {
    from: ['orders', 'quotes'],
    to: [
      'documents/document-modal',
      'documents/document-list',
      'documents/api/query-keys',
      'documents/exported-orders',
      'documents/quote-status-badge',
      'orders/orders-tab',
    ],
    reason: 'orders and quotes share one implementation, the documents feature (docs/conventions.md habit 3)',
  },
];

/** components/ and lib/ files that import a feature, each with its reason. */
const WEB_SHARED_EXCEPTIONS = [];

/** The rule for one feature's files: no other feature, but for its written exceptions. */
function featureRule(feature) {
  const others = WEB_FEATURES.filter((f) => f !== feature);
  const allowed = WEB_FEATURE_EXCEPTIONS.filter((x) => !x.from || x.from.includes(feature)).flatMap((x) => x.to);
  const except = allowed.length ? `(?!(?:${allowed.map(escape).join('|')})$)` : '';
  return rule([
    ...WEB_BASE,
    {
      regex: `^(?:\\.\\./)+${except}(?:${others.map(escape).join('|')})(?:/|$)`,
      message:
        'A feature does not import another feature: move what both need to components/ or lib/, or write the exception in eslint.config.js with its reason.',
    },
  ]);
}

function sharedRule(allowed = []) {
  const except = allowed.length ? `(?!(?:${allowed.map(escape).join('|')})$)` : '';
  return rule([
    ...WEB_BASE,
    {
      regex: `^(?:\\.\\./)+${except}features(?:/|$)`,
      message: 'components/ and lib/ never import a feature: features import them.',
    },
  ]);
}

const WEB_TESTS = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'];

// ------------------------------------------------------------- the server (apps/server/src)

const SERVER_BASE = [
  { group: ['**/apps/web/**', '@desk/web*'], message: 'The server never reaches into the web app.' },
];
const DRIVER =
  'The raw database is private to db/: write through Kysely (database.db) so the group commit sees every commit (docs/decisions/022-group-commit.md), or add a function to db/.';
const SERVER_DRIVERS = {
  paths: ['better-sqlite3', 'pg', 'pg-cursor', 'node:sqlite'].map((name) => ({ name, message: DRIVER })),
  patterns: [{ regex: '(?:^|/)db/database\\.js$', importNames: ['sqliteHandle'], message: DRIVER }],
};

/**
 * A module's files that other modules (and lib/, plugins/, cli/) may import besides its service
 * (`*.service.ts`) and its bulk writers for the seeders (`*.bulk.ts`, used by cli/large-data.ts).
 */
const SERVER_PUBLISHED = [
  ['events/event-bus', 'the live event bus every writing module publishes to (the events module has no service)'],
  ['events/told-writes', 'write routes mark the changes a yard tablet was told of (docs/decisions/017)'],
  ['history/history.repository', "insertChangeRows writes a change's history in the writer's own transaction"],
  ['history/record-changes', 'the field-by-field list of what an edit changed, for the history'],
  ['documents/kinds', 'the table of the two document kinds, orders and quotes'],
  ['printing/pdf-pool', "the stock count's sheet renders in the same PDF workers as the documents"],
  [
    'stock/stock.ledger',
    'orders, the yard and vendor orders move stock and keep the needs in their own transactions (docs/stock.md)',
  ],
  ['documents/documents.totals', 'a price change reprices the stored totals (docs/decisions/020)'],
  ['documents/documents.totals.repository', 'every price change takes the one pricing lock (pricingLock) first'],
  [
    'documents/documents.pricing',
    'the one pricer: printing, the yard and the e-mails price a document as the cart does',
  ],
  ['auth/login-throttle', 'the users service and the security events clear and read the sign-in throttle'],
  ['auth/password', 'the users service hashes passwords as sign-in checks them'],
  ['mail/mailer', 'printing sends the document e-mail through the one mailer'],
  ['mail/ready-for-pickup', 'the yard queues the ready-for-pickup e-mail'],
];

/**
 * Files that reach another module's repository or other inner file: for each file, each file it
 * may import and why.
 */
const SERVER_EXCEPTIONS = {
  'modules/documents/documents.cart.repository.ts': {
    'catalog/products.repository': "a cart line is read with its product's fields in one query",
  },
  'modules/stock/stock.repository.ts': {
    'catalog/products.repository': 'a product with its type is read as the catalogue reads it (one query, one home)',
  },
  'modules/documents/documents.pricing.ts': {
    'catalog/products.repository': "the pricer reads a line's product fields as the catalogue maps them",
  },
  'modules/documents/documents.service.ts': {
    'vendor-orders/vendor-orders.repository': 'an order answers what it waits on (docs/decisions/007)',
    'settings/settings.repository': 'a new document captures the price-loose-parts setting (docs/decisions/028)',
  },
  'modules/export/export.service.ts': {
    'customers/customers.repository': "an export streams the list's own query (docs/decisions/018)",
    'catalog/products.repository': 'likewise, the products list',
    'vendor-orders/vendor-orders.repository': 'likewise, the vendor orders list',
    'stock/stock.repository': 'likewise, the stock list',
  },
  'modules/import/import.products.ts': {
    'catalog/products.repository': 'products are mapped to columns as the catalogue maps them (docs/decisions/019)',
  },
  'modules/import/import.records.ts': {
    'customers/customers.repository':
      'customers are mapped to columns and back as their module maps them (docs/decisions/019)',
    'vendor-orders/vendor-orders.repository': 'likewise, vendor orders',
  },
  'modules/loaders/loaders.service.ts': {
    'documents/documents.cart.repository': 'the ready-for-pickup e-mail shows the priced order',
    'documents/documents.headers.repository': "likewise, the order's header",
    'vendor-orders/vendor-orders.repository': 'the grid shows what each order waits on',
    'mail/outbox.repository': 'taking an order out of its bay withdraws its unsent ready-for-pickup e-mail',
  },
  'modules/printing/printable.ts': {
    'catalog/products.repository': 'the print model is read from the stored rows',
    'customers/customers.repository': 'likewise, the customer',
    'documents/documents.headers.repository': 'likewise, the document',
    'documents/documents.cart.repository': 'likewise, its lines',
  },
  'modules/printing/printing.service.ts': {
    'documents/documents.revisions.repository': 'sending a quote marks it sent in the same transaction',
    'mail/outbox.repository': 'and logs the e-mail sent',
  },
  'modules/search/prices.repository.ts': {
    'documents/documents.headers.repository':
      "a price look-up applies the customer's multipliers as a document's header does",
  },
  'modules/dashboard/dashboard.service.ts': {
    'loaders/loaders.repository': "the dashboard shows the bays' current loads",
  },
};

/**
 * The rule for server files whose other modules are reached by `prefix` (`../` from a module,
 * `../modules/` from lib/ or plugins/): only a module's service, bulk writer or published files.
 */
function serverRule({ prefix, drivers = true, allowed = [] }) {
  const open = [
    '[^/]+/[^/]+\\.service',
    '[^/]+/[^/]+\\.bulk',
    ...[...SERVER_PUBLISHED.map(([f]) => f), ...allowed].map(escape),
  ];
  return rule(
    [
      ...SERVER_BASE,
      ...(drivers ? SERVER_DRIVERS.patterns : []),
      {
        regex: `^${prefix}(?!(?:${open.join('|')})\\.js$)[^./][^/]*/`,
        message:
          'A module reaches another module only through its service (or a file published for it): call the service, or write the exception in eslint.config.js with its reason.',
      },
    ],
    drivers ? SERVER_DRIVERS.paths : [],
  );
}

const SERVER_TESTS = ['apps/server/src/**/*.test.ts'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'data/**', 'bench/results*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The domain package stays pure: no I/O, no Node, no DOM.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'react', 'kysely', 'fastify*'] }],
    },
  },
  {
    // One-way imports: the server never reaches into the web app, nor the web app into the server.
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': rule(SERVER_BASE) },
  },
  {
    // Outside db/ (and outside the tests) no raw database: no driver, no sqliteHandle.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', ...SERVER_TESTS],
    rules: { 'no-restricted-imports': rule([...SERVER_BASE, ...SERVER_DRIVERS.patterns], SERVER_DRIVERS.paths) },
  },
  {
    files: ['apps/server/src/modules/*/*.ts'],
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-imports': serverRule({ prefix: '\\.\\./' }) },
  },
  {
    files: ['apps/server/src/{lib,plugins,cli}/*.ts'],
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-imports': serverRule({ prefix: '\\.\\./modules/' }) },
  },
  ...Object.entries(SERVER_EXCEPTIONS).map(([file, to]) => ({
    files: [`apps/server/src/${file}`],
    rules: { 'no-restricted-imports': serverRule({ prefix: '\\.\\./', allowed: Object.keys(to) }) },
  })),
  {
    // db/ is the bottom layer: it imports no module, lib/ or plugin.
    files: ['apps/server/src/db/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: {
      'no-restricted-imports': rule([
        ...SERVER_BASE,
        { regex: '^\\.\\./(?:\\.\\./)*(?:modules|lib|plugins|cli)(?:/|$)', message: 'db/ imports nothing of the app.' },
      ]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': rule(WEB_BASE),
    },
  },
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: WEB_TESTS,
    rules: { 'no-restricted-imports': featureRule(feature) },
  })),
  {
    files: ['apps/web/src/{components,lib}/**/*.{ts,tsx}'],
    ignores: WEB_TESTS,
    rules: { 'no-restricted-imports': sharedRule() },
  },
  ...WEB_SHARED_EXCEPTIONS.map(({ file, to }) => ({
    files: [file],
    rules: { 'no-restricted-imports': sharedRule(to) },
  })),
  {
    // The service worker runs in the browser's worker scope.
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Vite and Vitest configs run in Node.
    files: ['apps/web/*.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
