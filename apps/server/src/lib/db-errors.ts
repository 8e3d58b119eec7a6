/**
 * Recognising database errors the same way on SQLite (better-sqlite3) and PostgreSQL (pg), so no
 * caller reads driver codes itself.
 */

interface DriverError {
  code?: unknown;
  message?: unknown;
  table?: unknown;
  detail?: unknown;
}

const UNIQUE_CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** The columns a violation names: pg's detail "Key (a, b)=(…) already exists.", SQLite's "… failed: t.a, t.b". */
function violatedColumns(err: DriverError): { table: string | undefined; columns: string[] } | null {
  if (typeof err.code === 'string' && err.code.startsWith('SQLITE_')) {
    const m = typeof err.message === 'string' ? /constraint failed: (.+)$/.exec(err.message) : null;
    if (!m) return null;
    const refs = m[1]!.split(', ').map((r) => r.split('.'));
    return { table: refs[0]!.length === 2 ? refs[0]![0] : undefined, columns: refs.map((r) => r[r.length - 1]!) };
  }
  const m = typeof err.detail === 'string' ? /^Key \((.+?)\)=/.exec(err.detail) : null;
  if (!m) return null;
  return { table: typeof err.table === 'string' ? err.table : undefined, columns: m[1]!.split(', ') };
}

/**
 * True when `e` is a unique (or primary-key) violation. With `on`, only one on that table (and,
 * with columns, exactly that column list of a plain column index).
 */
export function isUniqueViolation(e: unknown, on?: { table: string; columns?: readonly string[] }): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const err = e as DriverError;
  if (typeof err.code !== 'string' || !UNIQUE_CODES.has(err.code)) return false;
  if (!on) return true;
  const hit = violatedColumns(err);
  if (!hit || hit.table !== on.table) return false;
  return !on.columns || hit.columns.join(',') === on.columns.join(',');
}
