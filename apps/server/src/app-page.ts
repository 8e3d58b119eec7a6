/**
 * The web app's page (apps/web/dist/index.html), answered for every app route (app.ts), with the
 * route's own chunks named in `<link rel="modulepreload">` tags (and its stylesheets preloaded):
 * the browser fetches and compiles them alongside the entry instead of after the entry has run
 * and asked for them (issue 19, no request waterfall; docs/performance.md). The build writes the
 * list per route (dist/route-preloads.json, scripts/check-budgets.mjs); without it, or for a
 * route it does not name, the page is index.html as built.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Preloads {
  js: string[];
  css: string[];
}

/** A file name from the build, safe in an attribute (hashed names: letters, digits, - _ . /). */
const SAFE_FILE = /^[\w./-]+$/;

export function appPages(staticDir: string): (url: string) => string {
  const index = readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  const listFile = path.join(staticDir, 'route-preloads.json');
  const lists: Record<string, Preloads> = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : {};
  const pages = new Map<string, string>();
  for (const [route, { js, css }] of Object.entries(lists)) {
    const links = [
      ...js.filter((f) => SAFE_FILE.test(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ...css.filter((f) => SAFE_FILE.test(f)).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ];
    if (links.length === 0 || !index.includes('</head>')) continue;
    pages.set(route.toLowerCase(), index.replace('</head>', `    ${links.join('\n    ')}\n  </head>`));
  }
  return (url) => pages.get((url.replace(/\/+$/, '') || '/').toLowerCase()) ?? index;
}
