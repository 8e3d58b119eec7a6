/**
 * The export case of the bench (`BENCH_ONLY=export npm run bench`; docs/architecture.md
 * section 14): every order of the 100,000-order set exported (the open list, then the closed
 * one: 100,000 rows) as CSV and as XLSX, each read as fast as the client can, while the server's
 * resident memory is sampled every 20 ms and a clerk reads the first page of the order list every
 * 100 ms. Target: the server's memory grows by less than 50 MB.
 */
const TARGET_RSS_MB = 50;

/** Reads a whole export; answers its bytes, its CSV rows (CRLF count) and the time to the last byte. */
async function download(server, path) {
  const started = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: server.cookie } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    // Line ends (LF; the CSV's rows end CRLF and no field holds a line break in this data set).
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return { bytes, lines, ms: performance.now() - started, type: res.headers.get('content-type') };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Samples the server's RSS and a clerk's list read while `work` runs. */
async function watched(server, work) {
  const before = server.rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb() ?? 0)), 20);
  const listMs = [];
  let stop = false;
  const clerk = (async () => {
    while (!stop) {
      const t = performance.now();
      const r = await fetch(`${server.url}/api/orders/list/0?page=1&size=30&sort=id`, {
        headers: { cookie: server.cookie },
      });
      await r.arrayBuffer();
      listMs.push(performance.now() - t);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await work();
    return { ...result, rssBeforeMb: before, rssPeakMb: peak, rssGrowthMb: peak - before, listMs };
  } finally {
    stop = true;
    clearInterval(sampler);
    await clerk;
  }
}

/** All orders (open and closed lists) in one format; then closed orders sorted by customer name. */
export async function exportCase(server, label, log) {
  // The code path once on a few rows, so what follows measures the streaming, not module loading.
  await download(server, '/api/export/orders.xlsx?jobName=zzzz-no-such-job');
  await download(server, '/api/export/orders.csv?jobName=zzzz-no-such-job');
  const out = { label, cases: [] };
  const runs = [
    ['CSV, all orders (open + closed lists)', ['/api/export/orders.csv', '/api/export/orders.csv?closed=1']],
    ['XLSX, all orders (open + closed lists)', ['/api/export/orders.xlsx', '/api/export/orders.xlsx?closed=1']],
    ['CSV, closed orders sorted by customer name', ['/api/export/orders.csv?closed=1&sort=customerName']],
  ];
  for (const [name, paths] of runs) {
    const r = await watched(server, async () => {
      let bytes = 0;
      let rows = 0;
      let ms = 0;
      for (const p of paths) {
        const d = await download(server, p);
        bytes += d.bytes;
        // CSV: lines less the header; XLSX rows are not counted here (the tests read XLSX back).
        rows += d.type?.startsWith('text/csv') ? d.lines - 1 : 0;
        ms += d.ms;
      }
      return { bytes, rows, ms };
    });
    const sorted = [...r.listMs].sort((a, b) => a - b);
    const row = {
      name,
      seconds: Math.round(r.ms / 100) / 10,
      rows: r.rows || null,
      megabytes: Math.round(r.bytes / 1e5) / 10,
      rssBeforeMb: r.rssBeforeMb,
      rssPeakMb: r.rssPeakMb,
      rssGrowthMb: r.rssGrowthMb,
      listDuring: { n: sorted.length, p50: Math.round(quantile(sorted, 0.5)), max: Math.round(sorted.at(-1) ?? 0) },
      met: r.rssGrowthMb < TARGET_RSS_MB,
    };
    out.cases.push(row);
    log(
      `export ${label}: ${name}: ${row.seconds} s, ${row.rows ?? '-'} rows, ${row.megabytes} MB; server RSS ${row.rssBeforeMb} -> ${row.rssPeakMb} MB (+${row.rssGrowthMb}); order list meanwhile p50 ${row.listDuring.p50} ms, max ${row.listDuring.max} ms (${row.listDuring.n} reads)`,
    );
  }
  return out;
}

/** The Export table of docs/performance.md. */
export function exportTable(results) {
  const runs = [results.export?.sqlite, results.export?.postgres].filter(Boolean);
  if (!runs.length) return '';
  const lines = runs.flatMap((run) =>
    run.cases.map(
      (c) =>
        `| ${run.label} | ${c.name} | ${c.seconds} s | ${c.rows ?? ''} | ${c.megabytes} MB | +${c.rssGrowthMb} MB (${c.rssBeforeMb} -> ${c.rssPeakMb}) | ${c.listDuring.p50} / ${c.listDuring.max} ms | ${c.met ? 'met' : 'NOT met'} |`,
    ),
  );
  return `
## Export

Every order of the 100,000-order set (the open list and the closed list, 100,000 rows) through
GET /api/export/orders.csv and .xlsx, read as fast as the client takes it, with the server's
resident memory sampled every 20 ms and a clerk reading the order list's first page every 100 ms
(\`BENCH_ONLY=export npm run bench\`). Target: memory grows by less than ${TARGET_RSS_MB} MB.

| Database | Export | Time | Rows | Size | Server RSS growth | Order list meanwhile (p50 / max) | |
|---|---|---:|---:|---:|---|---|---|
${lines.join('\n')}
`;
}
