/** Says loudly, once, which databases the server suite runs on. */
export default function setup() {
  if (process.env.TEST_DATABASE_URL) {
    console.log(`\n[server tests] running on SQLite and on PostgreSQL (TEST_DATABASE_URL)\n`);
  } else if (process.env.CI) {
    throw new Error('[server tests] CI is set but TEST_DATABASE_URL is not: PostgreSQL would be skipped.');
  } else {
    console.warn(
      '\n' +
        '*****************************************************************************\n' +
        '* SKIPPED: the PostgreSQL half of the server suite (TEST_DATABASE_URL unset). *\n' +
        '* Enable it: TEST_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres npm test *\n' +
        '* (or run .ci/run, which starts a private PostgreSQL).                         *\n' +
        '*****************************************************************************\n',
    );
  }
}
