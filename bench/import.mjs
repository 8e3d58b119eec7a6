/**
 * The import case of `npm run bench` (issue 20; docs/architecture.md section 15): a 50,000-row
 * product CSV (2,000 of them packages with three parts each) imported into a fresh database
 * through POST /api/import/products, while a clerk saves a customer every 50 ms. Measures the
 * whole import (request to done), the longest single write transaction (the job records it),
 * and the clerk's save latency during the import.
 *
 * Targets: under 30 s in all; no write stretch of 2 s or more, so the clerk's saves go on.
 */

export const IMPORT_ROWS = 50_000;
const PACKAGE_EVERY = 25;

/** The CSV: parts BENCH-000001..., every 25th a package of the three parts before it. */
export function productCsv(rows = IMPORT_ROWS) {
  const lines = ['Item No,Description,Product Type,Category,Wholesale Price,Modifier Cost,Associated Parts'];
  const categories = ['Residential', 'Opener', 'Sectional', 'Commercial', ''];
  for (let i = 1; i <= rows; i++) {
    const item = `BENCH-${String(i).padStart(6, '0')}`;
    if (i % PACKAGE_EVERY === 0) {
      const parts = [1, 2, 3].map((k) => `BENCH-${String(i - k).padStart(6, '0')} x ${k * 2}`).join('; ');
      lines.push(
        `${item},"16x7 insulated steel sectional door package ${i}",Door Package,Residential,"$1,${String(i % 1000).padStart(3, '0')}.50",0,${parts}`,
      );
    } else {
      lines.push(`${item},"Torsion spring ${i}, 25k cycle",Hardware,${categories[i % 5]},${(i % 997) + 0.25},${i % 7}`);
    }
  }
  return lines.join('\r\n') + '\r\n';
}

const percentile = (xs, p) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] * 10) / 10;
};

/** One import on a started server (a fresh database); answers the figures. */
export async function importCase(server, label, log) {
  const csv = productCsv();
  log(
    `${label}: importing ${IMPORT_ROWS.toLocaleString('en-US')} product rows (${(csv.length / 1024 / 1024).toFixed(1)} MB)`,
  );
  const headers = { cookie: server.cookie, origin: server.url };
  // The clerk: a customer saved every 50 ms, each timed, while the import runs.
  const saves = [];
  let clerk = true;
  const clerkLoop = (async () => {
    let n = 0;
    while (clerk) {
      const t = performance.now();
      const r = await fetch(`${server.url}/api/customers/create`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Clerk save ${++n}`, contactName: 'Counter clerk' }),
      });
      if (r.status !== 201) throw new Error(`clerk save: ${r.status} ${await r.text()}`);
      saves.push(performance.now() - t);
      await new Promise((res) => setTimeout(res, 50));
    }
  })();
  const t0 = performance.now();
  const fd = new FormData();
  fd.append('file', new Blob([csv]), 'products.csv');
  const started = await fetch(`${server.url}/api/import/products`, { method: 'POST', headers, body: fd });
  if (started.status !== 202) throw new Error(`import: ${started.status} ${await started.text()}`);
  const { jobId } = (await started.json()).data;
  let job;
  for (;;) {
    job = (await (await fetch(`${server.url}/api/import/jobs/${jobId}`, { headers })).json()).data;
    if (job.state !== 'running') break;
    await new Promise((res) => setTimeout(res, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  clerk = false;
  await clerkLoop;
  if (job.state !== 'done')
    throw new Error(`import ${job.state}: ${job.message} ${JSON.stringify(job.problems.slice(0, 3))}`);
  const result = {
    rows: IMPORT_ROWS,
    seconds: Math.round(seconds * 10) / 10,
    created: job.created,
    longestWriteMs: job.longestWriteMs,
    clerkSaves: saves.length,
    clerkP50: percentile(saves, 50),
    clerkP99: percentile(saves, 99),
    clerkMax: percentile(saves, 100),
  };
  log(
    `${label}: ${result.created} products in ${result.seconds} s, longest write ${result.longestWriteMs} ms; clerk saves ${result.clerkSaves}: p50 ${result.clerkP50} ms, p99 ${result.clerkP99} ms, max ${result.clerkMax} ms`,
  );
  return result;
}

/** The Import table of docs/performance.md. */
export function importTable(results) {
  const rows = [
    ['SQLite', results.import?.sqlite],
    ['PostgreSQL', results.import?.postgres],
  ].filter(([, r]) => r);
  if (!rows.length) return '';
  const ok = (v) => (v ? 'met' : '**missed**');
  return `
## Import

${IMPORT_ROWS.toLocaleString('en-US')} product rows (one in 25 a package of three parts) from a CSV into a fresh database,
through POST /api/import/products, while a clerk saves a customer every 50 ms (\`BENCH_ONLY=import npm run bench\`).
Targets: under 30 s in all, and no single write transaction of 2 s or more.

| Database | Whole import | Longest write | Clerk's save during it (p50 / p99 / max) | |
|---|---:|---:|---|---|
${rows
  .map(
    ([db, r]) =>
      `| ${db} | ${r.seconds} s | ${r.longestWriteMs} ms | ${r.clerkP50} / ${r.clerkP99} / ${r.clerkMax} ms (${r.clerkSaves} saves) | ${ok(r.seconds < 30 && r.longestWriteMs < 2000)} |`,
  )
  .join('\n')}
`;
}
