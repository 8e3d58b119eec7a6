/**
 * The map is enforced (eslint.config.js, docs/conventions.md habit 12): each boundary rule fires on
 * an import that crosses it, and lets the written exceptions and the allowed ways through.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('the import boundaries', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  /** The messages of no-restricted-imports for `code` linted as if it were the file at `file`. */
  async function boundaryErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath: `${root}/${file}` });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  const crossing: Array<[string, string, RegExp]> = [
    // The web app: features do not import each other; components/ and lib/ import no feature.
    [
      'apps/web/src/features/orders/new-thing.tsx',
      "import x from '../products/components/product-card';",
      /A feature does not import another feature/,
    ],
    [
      'apps/web/src/features/documents/api/new-thing.ts',
      "import x from '../../orders/orders-tab';",
      /A feature does not import another feature/,
    ],
    [
      // An exception is for the features it names: the loaders may show waiting-on, no more.
      'apps/web/src/features/loaders/new-thing.tsx',
      "import x from '../vendor-orders/linked-vendor-orders';",
      /A feature does not import another feature/,
    ],
    [
      'apps/web/src/components/ui/new-thing.tsx',
      "import x from '../../features/find/find-host';",
      /components\/ and lib\/ never import a feature/,
    ],
    [
      'apps/web/src/lib/new-thing.ts',
      "import x from '../features/auth/api/get-session';",
      /components\/ and lib\/ never import a feature/,
    ],
    // The server: another module only through its service; the raw database only inside db/.
    [
      'apps/server/src/modules/export/new-thing.ts',
      "import x from '../customers/customers.repository.js';",
      /only through its service/,
    ],
    [
      'apps/server/src/lib/new-thing.ts',
      "import x from '../modules/documents/documents.cart.repository.js';",
      /only through its service/,
    ],
    ['apps/server/src/modules/catalog/new-thing.ts', "import x from 'better-sqlite3';", /private to db\//],
    ['apps/server/src/cli/new-thing.ts', "import x from 'pg';", /private to db\//],
    [
      'apps/server/src/modules/catalog/new-thing.ts',
      "import { sqliteHandle as x } from '../../db/database.js';",
      /private to db\//,
    ],
    ['apps/server/src/db/new-thing.ts', "import x from '../lib/clock.js';", /db\/ imports nothing of the app/],
  ];

  it.each(crossing)('%s: %s is refused', async (file, code, message) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  const allowed: Array<[string, string]> = [
    ['apps/web/src/features/orders/new-thing.tsx', "import x from '../../components/ui/modal';"],
    ['apps/web/src/features/quotes/new-thing.tsx', "import x from '../documents/document-modal';"],
    ['apps/web/src/features/customers/new-thing.tsx', "import x from '../auth/api/get-user-roles';"],
    ['apps/web/src/features/loaders/new-thing.tsx', "import x from '../vendor-orders/waiting-on';"],
    ['apps/web/src/features/orders/api/new-thing.ts', "import x from '../../../lib/api-client';"],
    ['apps/server/src/modules/catalog/new-thing.ts', "import x from '../customers/customers.service.js';"],
    ['apps/server/src/modules/catalog/new-thing.ts', "import x from '../events/event-bus.js';"],
    ['apps/server/src/modules/catalog/new-thing.ts', "import x from '../../lib/paging.js';"],
    ['apps/server/src/modules/export/export.service.ts', "import x from '../customers/customers.repository.js';"],
    ['apps/server/src/cli/new-thing.ts', "import x from '../modules/catalog/catalog.bulk.js';"],
    ['apps/server/src/db/new-thing.ts', "import x from 'better-sqlite3';"],
    ['apps/server/src/modules/catalog/new-thing.ts', "import { openReader as x } from '../../db/database.js';"],
  ];

  it.each(allowed)('%s: %s is allowed', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
