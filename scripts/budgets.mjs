/**
 * JavaScript budgets per route (docs/performance.md, "Budgets"): what a route loads before its
 * first paint, from Vite's build manifest. That is the entry chunk and every chunk it imports
 * statically (index.html loads them, the later ones through modulepreload links), then the
 * route's own lazy chunk and its static imports. Dynamic imports (dialogs, other routes) are not
 * counted: they load later. Sizes are gzip at level 9, as scripts/compress-assets.mjs makes them.
 * Pure functions here; scripts/check-budgets.mjs reads the build and runs them.
 */

/** The manifest keys of `start` and of everything it imports statically, entry first. */
export function staticClosure(manifest, start) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk for ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(start);
  return [...seen];
}

/** The entry's manifest key (index.html in a Vite app). */
export function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry in the build manifest, found ${entries.length}`);
  return entries[0];
}

/** The JS files a route loads before its first paint: [file, ...] without repeats. */
export function routeFiles(manifest, route) {
  const keys = staticClosure(manifest, entryKey(manifest));
  for (const m of route.modules ?? []) {
    if (!manifest[m])
      throw new Error(`Route ${route.path}: ${m} is not a chunk of the build (renamed or no longer lazy?)`);
    for (const k of staticClosure(manifest, m)) if (!keys.includes(k)) keys.push(k);
  }
  return [...new Set(keys.map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** How far over: in bytes while that is under 1 KB, so a small overrun never reads "0.0 KB over". */
const overBy = (bytes) => (bytes < 1024 ? `${bytes} byte${bytes === 1 ? '' : 's'}` : kb(bytes));

/**
 * Checks every route of `budgets` against the build. `sizeOf(file)` answers a file's gzip bytes.
 * Answers { ok, lines } : lines is the report (one line per route, then its chunks when over).
 */
export function checkBudgets(manifest, budgets, sizeOf) {
  const lines = [];
  let ok = true;
  for (const route of budgets.routes) {
    const files = routeFiles(manifest, route).map((file) => ({ file, gzip: sizeOf(file) }));
    const total = files.reduce((a, f) => a + f.gzip, 0);
    const budget = route.budgetKB * 1024;
    const over = total > budget;
    const target = route.targetKB === undefined ? '' : `, target ${route.targetKB} KB`;
    lines.push(
      `${over ? 'OVER' : 'ok  '} ${route.path.padEnd(9)} ${kb(total).padStart(9)} of ${route.budgetKB} KB budget${target} (${files.length} files)`,
    );
    if (over) {
      ok = false;
      lines.push(
        `     ${route.path} loads ${kb(total)} of JavaScript (gzip) before its first paint, ${overBy(total - budget)} over its budget of ${route.budgetKB} KB:`,
      );
      for (const f of [...files].sort((a, b) => b.gzip - a.gzip))
        lines.push(`       ${kb(f.gzip).padStart(9)}  ${f.file}`);
    }
  }
  return { ok, lines };
}

/**
 * What each route of `budgets` needs beyond the entry before its first paint (the route's lazy
 * chunks and their static imports, and their CSS), as files under dist/: the server names them in
 * `<link rel="modulepreload">` (and stylesheet preload) tags of that route's page, so the browser
 * fetches them with the entry instead of after it has run (issue 19, no request waterfall).
 * Answers { [path]: { js: [file], css: [file] } } for the routes that have modules.
 */
export function routePreloads(manifest, budgets) {
  const entry = staticClosure(manifest, entryKey(manifest));
  const entryFiles = new Set(entry.flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]));
  const out = {};
  for (const route of budgets.routes) {
    if (!route.modules?.length) continue;
    const js = routeFiles(manifest, route).filter((f) => !entryFiles.has(f));
    const keys = [...new Set(route.modules.flatMap((m) => staticClosure(manifest, m)))];
    const css = [...new Set(keys.flatMap((k) => manifest[k].css ?? []))].filter((f) => !entryFiles.has(f));
    out[route.path] = { js, css };
  }
  return out;
}
