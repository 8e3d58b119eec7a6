/**
 * The desk's service worker (docs/architecture.md section 11, "The yard tablet offline"): the
 * Loading Grid keeps working through a brief network loss, on a yard tablet where the app is
 * installed (manifest.webmanifest).
 *
 * - The page (a navigation): from the network, its copy kept; the kept copy when the network
 *   fails or takes over 4 s. Without it a reload offline would be the browser's error page.
 * - Built assets (/assets/, named by content hash, so never changed): from the cache once fetched.
 * - The yard's reads (the session check, the app config, the bays and the pickup list), and only
 *   those: from the network, a copy kept; the kept copy when the network fails, marked with an
 *   X-Desk-Offline-Copy header (when the copy was made), so the page says the bays are stale.
 *   Every other request, the live event stream included, is not touched.
 * - The kept reads belong to the user who signed in: they are deleted when anyone signs in or
 *   out through this browser, when the server says the session has ended (a 401, a signed-out
 *   status; the page deletes them too when it hears a 401: lib/offline-copies.ts), and when
 *   another user's status comes. They are kept with the user's name and the session's end (the
 *   X-Desk-Session-Expires header of each answer: when the session ends if nothing more is done
 *   with it) and none is served past it, so a tablet closed, expired or ended by an administrator
 *   while offline shows nothing of the yard.
 * - The kept bay pick lists hold no prices: each row keeps only whether it is priced (1) or not
 *   (0), which the grid marks green.
 */
const SHELL = 'desk-shell-v1';
const YARD = 'desk-yard-v1';
const KEEP = new Set([SHELL, YARD]);
const NAVIGATION_TIMEOUT_MS = 4000;
const MAX_ASSETS = 300;
const YARD_READS = [
  /^\/api\/session\/status$/,
  /^\/api\/config$/,
  /^\/api\/getGarageBayData\/\d+$/,
  /^\/api\/orders\/list\/pickup_ready$/,
];
const SIGN_IN_OR_OUT = /^\/api\/(login|logout)(\/|$)/;
/** The kept copies' owner and end: { username, expiresAt } (ms), stored under this key. */
const META = '/__desk-yard-meta';
const BAY = /^\/api\/getGarageBayData\/\d+$/;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (!KEEP.has(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== 'GET') {
    if (SIGN_IN_OR_OUT.test(url.pathname)) event.waitUntil(caches.delete(YARD));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request));
  else if (YARD_READS.some((r) => r.test(url.pathname))) event.respondWith(yardRead(request, url));
});

async function page(request) {
  const cache = await caches.open(SHELL);
  try {
    const response = await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
    // Every app route answers the same index.html: one copy serves them all.
    if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      await cache.put('/index.html', response.clone());
    }
    return response;
  } catch (error) {
    const kept = await cache.match('/index.html');
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    // Old builds' assets go, oldest first (a cache lists its entries in the order they were put).
    const keys = (await cache.keys()).filter((k) => new URL(k.url).pathname.startsWith('/assets/'));
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ASSETS))) await cache.delete(old);
  }
  return response;
}

async function yardRead(request, url) {
  const cache = await caches.open(YARD);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await keptCopy(cache, url.pathname);
    if (!kept) throw error;
    const headers = new Headers(kept.headers);
    headers.set('X-Desk-Offline-Copy', kept.headers.get('X-Desk-Copied-At') ?? '');
    return new Response(kept.body, { status: kept.status, statusText: kept.statusText, headers });
  }
  if (response.status === 401) {
    await caches.delete(YARD);
    return response;
  }
  if (response.ok) {
    const body = await response.clone().text();
    if (url.pathname === '/api/session/status') {
      const status = parse(body)?.data;
      if (!status || status.signedIn !== true) {
        await caches.delete(YARD);
        return response;
      }
      // Another user's status: the copies of the one before go.
      const meta = await readMeta(cache);
      if (meta && meta.username !== status.username) await clearCache(cache);
      await cache.put(META, Response.json({ username: status.username, expiresAt: expiry(response) }));
    } else {
      const meta = await readMeta(cache);
      if (meta) await cache.put(META, Response.json({ ...meta, expiresAt: expiry(response) ?? meta.expiresAt }));
    }
    const headers = new Headers(response.headers);
    // The kept body is the decoded text.
    headers.delete('content-encoding');
    headers.delete('content-length');
    headers.set('X-Desk-Copied-At', new Date().toISOString());
    const kept = BAY.test(url.pathname) ? withoutPrices(body) : body;
    await cache.put(url.pathname, new Response(kept, { status: response.status, headers }));
  }
  return response;
}

/** The kept copy of `path`, if its owner's session has not ended; else nothing, and all go. */
async function keptCopy(cache, path) {
  const meta = await readMeta(cache);
  if (!meta || typeof meta.expiresAt !== 'number' || Date.now() >= meta.expiresAt) {
    await caches.delete(YARD);
    return undefined;
  }
  return cache.match(path);
}

async function readMeta(cache) {
  const kept = await cache.match(META);
  return kept ? parse(await kept.text()) : null;
}

async function clearCache(cache) {
  for (const key of await cache.keys()) await cache.delete(key);
}

/** The session's end from an answer's X-Desk-Session-Expires header (ms), if it has one. */
function expiry(response) {
  const at = Date.parse(response.headers.get('X-Desk-Session-Expires') ?? '');
  return Number.isNaN(at) ? undefined : at;
}

/** A bay's answer without its prices: each row keeps 1 where it is priced, 0 where not. */
function withoutPrices(body) {
  const data = parse(body);
  const rows = data?.data?.printExcelModels;
  if (!Array.isArray(rows)) return body;
  for (const row of rows) if (row && typeof row.price === 'number') row.price = row.price > 0 ? 1 : 0;
  return JSON.stringify(data);
}

/** JSON text as an object, or null. */
function parse(text) {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
