/** pg-cursor ships no types; Kysely's PostgresDialect describes the constructor it needs. */
declare module 'pg-cursor' {
  import type { PostgresCursorConstructor } from 'kysely';

  const Cursor: PostgresCursorConstructor;
  export default Cursor;
}
