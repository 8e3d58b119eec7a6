// The disk's cost of a durable commit: N small transactions in a WAL SQLite file, synchronous=FULL
// (what the server runs, one fsync per acknowledged write) and NORMAL, commits/s and latency.
// Usage: node bench/fsync-rate.mjs [dir on the disk to test] [N]
import { createRequire } from 'node:module';
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const Database = createRequire(new URL('../apps/server/package.json', import.meta.url))('better-sqlite3');
const dir = process.argv[2] ?? path.join(os.tmpdir(), `desk-fsync-${process.pid}`);
const n = Number(process.argv[3] ?? 300);
for (const sync of ['FULL', 'NORMAL', 'FULL']) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = new Database(path.join(dir, 't.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${sync}`);
  db.exec('create table t (id integer primary key, v text)');
  const [begin, insert, commit] = ['begin immediate', 'insert into t (v) values (?)', 'commit'].map((s) =>
    db.prepare(s),
  );
  const times = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    begin.run();
    insert.run('x'.repeat(200));
    commit.run();
    times.push(performance.now() - s);
  }
  db.close();
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const at = (p) => times[Math.min(n - 1, Math.floor(p * n))].toFixed(2);
  console.log(
    `synchronous=${sync}: ${(n / (total / 1000)).toFixed(0)} commits/s, p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms`,
  );
}
rmSync(dir, { recursive: true, force: true });
