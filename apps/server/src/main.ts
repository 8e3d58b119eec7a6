/** Starts the server: configuration, database and migrations, first administrator, listen. */
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });

  const admin = await app.ctx.users.ensureFirstAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD);

  // Expired sessions are swept now and then, never on a request's path.
  const sweep = setInterval(() => {
    app.ctx.sessions.purgeExpired().catch((err) => app.log.warn({ err }, 'session sweep failed'));
  }, 15 * 60_000);
  sweep.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then stopping`);
    clearInterval(sweep);
    const force = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = new URL(address);
  const lines = [
    '',
    `  ${config.COMPANY_NAME} desk is running at http://${shownHost}:${url.port}/`,
    `  Database: ${database.kind === 'sqlite' ? config.sqlitePath : 'PostgreSQL'}; e-mail: ${
      config.SMTP_URL ? 'SMTP' : config.outboxDir
    }`,
  ];
  if (admin) {
    lines.push(`  First administrator created: username '${admin.username}'`);
    lines.push(
      admin.generated
        ? `  Password (shown once, change it under Admin > Modify Password): ${admin.password}`
        : '  Password: the ADMIN_PASSWORD you configured',
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
