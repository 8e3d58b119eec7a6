/** Starts the server: configuration, database and migrations, first administrator, listen. */
import './node-version.js'; // First: on a Node older than 24, one line and exit 1.
import type { Server } from 'node:http';
import net from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

/**
 * The first step of a graceful stop: take no new connections at once (the port is free for the
 * next instance), while requests already sent down open connections are still read and answered,
 * each answer closing its connection (markClosing). Connections still idle after `graceMs` are
 * closed. Resolves when no connection is left, or after `maxMs`. Closing idle-looking connections
 * straight away (what server.close() does) would reset requests that were sent but not yet read
 * while the event loop was busy: requests without an answer.
 */
function drain(server: Server, graceMs: number, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    const idle = setTimeout(() => server.closeIdleConnections(), graceMs);
    const done = () => {
      clearTimeout(idle);
      clearTimeout(max);
      resolve();
    };
    const max = setTimeout(done, maxMs);
    net.Server.prototype.close.call(server, done);
  });
}

/** The one line for a port another program holds: no stack trace for an everyday mistake. */
function portInUse(port: number, host: string): never {
  console.error(`Port ${port} on ${host} is already in use: stop the other program or set PORT`);
  process.exit(1);
}

/**
 * Whether the port can be listened on, checked before the database is touched: a first start
 * must not create the first administrator and then fail to listen, losing the printed password.
 */
function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EADDRINUSE' ? portInUse(port, host) : reject(err),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

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
  await checkPortFree(config.PORT, config.HOST);
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.sqlitePath });
  await migrateToLatest(database.db);
  // Fresh planner statistics for new indexes and grown tables (cheap: it analyses only what needs it).
  database.optimize('afterOpen');
  const app = await buildApp({ config, database });

  const admin = await app.ctx.users.ensureFirstAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD);

  // The search indexes merged into one b-tree each (SQLite), in small steps between requests.
  const compact = () =>
    app.ctx.search.compactIndexes().catch((err) => app.log.warn({ err }, 'compacting the search indexes failed'));
  void compact();

  // Expired sessions are swept now and then, never on a request's path.
  const sweep = setInterval(() => {
    app.ctx.sessions.purgeExpired().catch((err) => app.log.warn({ err }, 'session sweep failed'));
    app.ctx.throttle.purge().catch((err) => app.log.warn({ err }, 'throttle sweep failed'));
    app.ctx.events.purge().catch((err) => app.log.warn({ err }, 'security log sweep failed'));
    database.optimize();
    void compact();
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
      app.markClosing();
      await drain(app.server, 500, 20_000);
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

  let address: string;
  try {
    address = await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    // Taken between the check and now.
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') portInUse(config.PORT, config.HOST);
    throw err;
  }
  // The e-mails queued in the database (ready for pickup), also those queued before a restart.
  app.ctx.mailQueue.start();
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
