/** The JS budgets per route (scripts/budgets.mjs and the build step scripts/check-budgets.mjs). */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBudgets, routeFiles, routePreloads } from './budgets.mjs';

/** A manifest in Vite's shape: an entry with a shared chunk, two lazy pages, a lazy dialog. */
const manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_shared-B.js'],
    dynamicImports: ['src/sales-page.tsx', 'src/loaders-page.tsx'],
    css: ['assets/index-A.css'],
  },
  '_shared-B.js': { file: 'assets/shared-B.js' },
  '_table-C.js': { file: 'assets/table-C.js', imports: ['_shared-B.js', 'index.html'] },
  '_table-C.css': { file: 'assets/table-C.css' },
  'src/sales-page.tsx': {
    file: 'assets/sales-page-D.js',
    isDynamicEntry: true,
    imports: ['_table-C.js', '_shared-B.js', 'index.html', '_table-C.css'],
    dynamicImports: ['src/order-modal.tsx'],
  },
  'src/order-modal.tsx': { file: 'assets/order-modal-E.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/loaders-page.tsx': { file: 'assets/loaders-page-F.js', isDynamicEntry: true, imports: ['index.html'] },
};
const KB = 1024;
const sizes = {
  'assets/index-A.js': 60 * KB,
  'assets/shared-B.js': 30 * KB,
  'assets/table-C.js': 20 * KB,
  'assets/sales-page-D.js': 10 * KB,
  'assets/order-modal-E.js': 50 * KB,
  'assets/loaders-page-F.js': 5 * KB,
};
const sizeOf = (f) => sizes[f];

describe('routeFiles: the JS a route loads before its first paint', () => {
  it('is the entry and its static imports for a route without a lazy chunk', () => {
    expect(routeFiles(manifest, { path: '/', modules: [] })).toEqual(['assets/index-A.js', 'assets/shared-B.js']);
  });

  it("adds the route's chunk and its static imports, each once, never a dynamic import or CSS", () => {
    expect(routeFiles(manifest, { path: '/sales', modules: ['src/sales-page.tsx'] })).toEqual([
      'assets/index-A.js',
      'assets/shared-B.js',
      'assets/sales-page-D.js',
      'assets/table-C.js',
    ]);
  });

  it('names a route module that is not a chunk of the build', () => {
    expect(() => routeFiles(manifest, { path: '/sales', modules: ['src/sales.tsx'] })).toThrow(
      'Route /sales: src/sales.tsx is not a chunk of the build (renamed or no longer lazy?)',
    );
  });
});

describe('routePreloads: what a route page names for the browser to fetch with the entry', () => {
  it("is the route's chunks and their static imports and CSS, without what the entry loads already", () => {
    const budgets = {
      routes: [
        { path: '/', modules: [], budgetKB: 90 },
        { path: '/sales', modules: ['src/sales-page.tsx'], budgetKB: 120 },
        { path: '/loaders', modules: ['src/loaders-page.tsx'], budgetKB: 120 },
      ],
    };
    expect(routePreloads(manifest, budgets)).toEqual({
      '/sales': { js: ['assets/sales-page-D.js', 'assets/table-C.js'], css: [] },
      '/loaders': { js: ['assets/loaders-page-F.js'], css: [] },
    });
    const withCss = {
      ...manifest,
      'src/loaders-page.tsx': {
        ...manifest['src/loaders-page.tsx'],
        css: ['assets/loaders-F.css', 'assets/index-A.css'],
      },
    };
    expect(routePreloads(withCss, budgets)['/loaders'].css).toEqual(['assets/loaders-F.css']);
  });
});

describe('checkBudgets', () => {
  const budgets = (salesKB) => ({
    routes: [
      { path: '/', modules: [], budgetKB: 90, targetKB: 80 },
      { path: '/sales', modules: ['src/sales-page.tsx'], budgetKB: salesKB, targetKB: 100 },
    ],
  });

  it('passes a route exactly at its budget', () => {
    const r = checkBudgets(manifest, budgets(120), sizeOf);
    expect(r.ok).toBe(true);
    expect(r.lines).toEqual([
      'ok   /           90.0 KB of 90 KB budget, target 80 KB (2 files)',
      'ok   /sales     120.0 KB of 120 KB budget, target 100 KB (4 files)',
    ]);
  });

  it('fails a route one byte over, naming each chunk and its size, biggest first', () => {
    const r = checkBudgets(manifest, budgets(120), (f) => sizeOf(f) + (f === 'assets/table-C.js' ? 1 : 0));
    expect(r.ok).toBe(false);
    expect(r.lines).toEqual([
      'ok   /           90.0 KB of 90 KB budget, target 80 KB (2 files)',
      'OVER /sales     120.0 KB of 120 KB budget, target 100 KB (4 files)',
      '     /sales loads 120.0 KB of JavaScript (gzip) before its first paint, 1 byte over its budget of 120 KB:',
      '         60.0 KB  assets/index-A.js',
      '         30.0 KB  assets/shared-B.js',
      '         20.0 KB  assets/table-C.js',
      '         10.0 KB  assets/sales-page-D.js',
    ]);
  });
});

describe('check-budgets.mjs in the build', () => {
  /** A built web app in a temp folder: dist/ with the manifest and files of the given sizes. */
  function builtApp(salesBudgetKB) {
    const web = mkdtempSync(path.join(os.tmpdir(), 'desk-budgets-'));
    mkdirSync(path.join(web, 'dist', '.vite'), { recursive: true });
    mkdirSync(path.join(web, 'dist', 'assets'));
    writeFileSync(path.join(web, 'dist', '.vite', 'manifest.json'), JSON.stringify(manifest));
    // Random bytes do not compress: each file's gzip size is its size plus a few bytes.
    for (const [file, size] of Object.entries(sizes)) {
      writeFileSync(
        path.join(web, 'dist', file),
        Buffer.from(Array.from({ length: size }, () => (Math.random() * 256) | 0)),
      );
    }
    writeFileSync(
      path.join(web, 'budgets.json'),
      JSON.stringify({
        routes: [{ path: '/sales', modules: ['src/sales-page.tsx'], budgetKB: salesBudgetKB, targetKB: 100 }],
      }),
    );
    return web;
  }
  const run = (web) =>
    spawnSync(process.execPath, [path.join(import.meta.dirname, 'check-budgets.mjs')], {
      env: { ...process.env, WEB_DIR: web },
      encoding: 'utf8',
    });

  it('fails the build when a route is over its budget, and says which chunks and how much', () => {
    const web = builtApp(119);
    try {
      const r = run(web);
      expect(r.status).toBe(1);
      expect(r.stdout).toMatch(/OVER \/sales\s+120\.\d KB of 119 KB budget, target 100 KB \(4 files\)/);
      expect(r.stdout).toMatch(/\/sales loads 120\.\d KB of JavaScript \(gzip\) before its first paint, 1\.\d KB over/);
      expect(r.stdout).toMatch(/60\.\d KB {2}assets\/index-A\.js\n.*30\.\d KB {2}assets\/shared-B\.js/);
      expect(r.stderr).toContain('Budget exceeded');
      // The manifest is not left for the server to serve.
      expect(existsSync(path.join(web, 'dist', '.vite'))).toBe(false);
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('passes the build when every route is within its budget', () => {
    const web = builtApp(121);
    try {
      const r = run(web);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/ok {3}\/sales\s+120\.\d KB of 121 KB budget/);
      // The server's list of what /sales's page preloads.
      expect(JSON.parse(readFileSync(path.join(web, 'dist', 'route-preloads.json'), 'utf8'))).toEqual({
        '/sales': { js: ['assets/sales-page-D.js', 'assets/table-C.js'], css: [] },
      });
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('fails when the build wrote no manifest', () => {
    const web = builtApp(121);
    try {
      rmSync(path.join(web, 'dist', '.vite'), { recursive: true });
      const r = run(web);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('manifest.json');
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  });
});
