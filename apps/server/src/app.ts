/**
 * Builds the Fastify app: plugins, the API under /api and the built React app. Used by main.ts,
 * the tests (through inject or a real port) and the benchmark, so all of them run the same app.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { isAppPagePath, rateFromScaled } from '@desk/domain';
import { appPages } from './app-page.js';
import type { Config } from './config.js';
import { openListenConnection, type Database } from './db/database.js';
import { systemClock, type Clock } from './lib/clock.js';
import { failed } from './lib/envelope.js';
import { HttpError } from './lib/errors.js';
import { openApiTransform, responseSerializerCompiler } from './lib/response-schemas.js';
import authPlugin from './plugins/auth.js';
import { sessionDataPlugin } from './plugins/session-data.js';
import compressPlugin from './plugins/compress.js';
import errorsPlugin from './plugins/errors.js';
import { RequestLogController } from './plugins/request-log.js';
import securityPlugin from './plugins/security.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { securityRoutes } from './modules/security/security.routes.js';
import { SecurityEvents } from './modules/security/security-events.service.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { MfaService } from './modules/auth/mfa.service.js';
import { SessionService } from './modules/auth/session.service.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { CustomersService } from './modules/customers/customers.service.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { exportRoutes } from './modules/export/export.routes.js';
import { ExportService } from './modules/export/export.service.js';
import { importRoutes } from './modules/import/import.routes.js';
import { ImportService } from './modules/import/import.service.js';
import { SearchService } from './modules/search/search.service.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { HistoryService } from './modules/history/history.service.js';
import { DocumentsService } from './modules/documents/documents.service.js';
import { repriceStale } from './modules/documents/documents.totals.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { DashboardService } from './modules/dashboard/dashboard.service.js';
import { vendorOrdersRoutes } from './modules/vendor-orders/vendor-orders.routes.js';
import { VendorOrdersService } from './modules/vendor-orders/vendor-orders.service.js';
import { stockRoutes } from './modules/stock/stock.routes.js';
import { StockService } from './modules/stock/stock.service.js';
import { loadersRoutes } from './modules/loaders/loaders.routes.js';
import { LoadersService } from './modules/loaders/loaders.service.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { MailQueue } from './modules/mail/mail-queue.service.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { EventBus } from './modules/events/event-bus.js';
import { eventsRoutes } from './modules/events/events.routes.js';
import type { StreamLimits } from './modules/events/stream-places.js';
import { PdfPool } from './modules/printing/pdf-pool.js';
import { printingRoutes } from './modules/printing/printing.routes.js';
import { PrintingService } from './modules/printing/printing.service.js';
import { UsersService } from './modules/users/users.service.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { SettingsService } from './modules/settings/settings.service.js';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read the lines). */
  logStream?: { write(line: string): void };
  /** Replaces the configured mailer (tests read what would have been sent). */
  mailer?: Mailer;
  /**
   * Check every 2xx answer against its route's response schema and fail it (500) on a mismatch.
   * The tests' app turns it on; production writes answers unchecked (lib/response-schemas.ts).
   */
  checkResponses?: boolean;
  /** The event streams' heartbeat (and session check) interval; tests make it short. */
  eventHeartbeatMs?: number;
  /** Live event streams a session and the instance may hold (tests; the defaults in stream-places.ts). */
  eventStreamLimits?: StreamLimits;
}

export interface AppContext {
  config: Config;
  database: Database;
  clock: Clock;
  sessions: SessionService;
  users: UsersService;
  throttle: LoginThrottle;
  events: SecurityEvents;
  mfa: MfaService;
  documents: DocumentsService;
  mailer: Mailer;
  /** The e-mails waiting in the database (ready for pickup); main.ts starts its polling. */
  mailQueue: MailQueue;
  /** What changed, told to every open screen (GET /api/events). */
  bus: EventBus;
  pdf: PdfPool;
  settings: SettingsService;
  /** Find anything; its compactIndexes() is run by main.ts at start and every 15 minutes. */
  search: SearchService;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** From now on every answer closes its connection (main.ts calls it at SIGTERM, before close()). */
    markClosing(): void;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The web app's pages (the domain's APP_PATHS) and their sub-paths, but no file: these get index.html. */
export function isAppRoute(url: string): boolean {
  return !path.extname(url) && isAppPagePath(url);
}

export function defaultStaticDir(): string {
  // dist/app.js -> apps/server/dist -> apps/web/dist; the same from src/ when run by tsx.
  return path.resolve(here, '..', '..', 'web', 'dist');
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A number of hops becomes a function: Fastify 5.12 ignores
 * a plain number (it cannot check the peer), so the hop count is only safe while the app is
 * reachable through the proxies alone (HOST=127.0.0.1 behind a local proxy); a list of proxy
 * addresses is checked against each hop and is the stricter choice.
 */
export function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): false | string[] | ((addr: string, hop: number) => boolean) {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') return (_addr, hop) => hop < setting;
  return setting;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // Fastify's two lines for every request give way to one line for what matters (plugins/request-log.ts).
    logController: new RequestLogController(),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.REQUEST_TIMEOUT_MS + 5_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own refusals (a malformed or over-long path segment) answer in the envelope too.
    frameworkErrors: (error, _request, untyped) => {
      const reply = untyped as unknown as FastifyReply;
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .send(failed(tooLong ? 'The address is too long.' : 'The address is not valid.'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(opts.checkResponses ?? false));
  // No answer leaves before the writes it follows are on disk (SQLite's group commit,
  // db/wal-durability.ts): at once when they are, else with the next shared fsync.
  app.addHook('onSend', async (request) => {
    try {
      await database.durable();
    } catch (e) {
      request.log.fatal({ err: e }, 'the database could not be written to disk');
      throw new HttpError(
        500,
        'The server could not save to its disk, so nothing is saved until it is restarted. The error has been logged.',
        'DISK',
      );
    }
  });

  const sessions = new SessionService(database.db, clock, config.SESSION_IDLE_MINUTES);
  const throttle = new LoginThrottle(database.db, clock);
  const events = new SecurityEvents(database.db, clock);
  const pgUrl = database.kind === 'postgres' ? config.DATABASE_URL : undefined;
  const bus = new EventBus(clock, pgUrl ? () => openListenConnection(pgUrl) : undefined, app.log);
  await bus.start();
  const documents = new DocumentsService(database.db, clock, config.taxRateScaled, bus);
  // Documents never priced, or priced with another tax rate, get their stored totals now (section 16).
  await repriceStale(database.db, config.taxRateScaled);
  const mailer =
    opts.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: config.outboxDir, clock });
  const pdf = new PdfPool();
  const settings = new SettingsService(database.db, clock, config.COMPANY_NAME);
  const mailQueue = new MailQueue(database.db, clock, mailer, app.log);
  const users = new UsersService(
    database.db,
    clock,
    sessions,
    throttle,
    events,
    async () => (await settings.company()).name,
  );
  const mfa = new MfaService(database.db, clock, async () => (await settings.company()).name);
  const search = new SearchService(database.db, clock);
  const ctx: AppContext = {
    config,
    database,
    clock,
    sessions,
    users,
    throttle,
    events,
    mfa,
    documents,
    mailer,
    mailQueue,
    bus,
    pdf,
    settings,
    search,
  };
  app.decorate('ctx', ctx);

  await app.register(errorsPlugin);
  await app.register(cookie, { secret: config.SESSION_SECRET });
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  // The API speaks JSON (and the login form); a text/plain body is refused with 415 rather than
  // handed to a route as a string (text/plain is what a cross-site form can send without a preflight).
  app.removeContentTypeParser('text/plain');
  await app.register(securityPlugin, {
    publicOrigin: config.PUBLIC_ORIGIN,
    allowedHosts: config.ALLOWED_HOSTS,
    listenHost: config.HOST,
  });
  await app.register(authPlugin, { sessions });
  await app.register(sessionDataPlugin);
  await app.register(compressPlugin);

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.COMPANY_NAME} desk API`,
        description: 'Every answer is { status: "OK" | "FAILED", data, message } with a true HTTP code.',
        version: '1.0.0',
      },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list' },
  });

  await app.register(systemRoutes, { settings, taxRate: rateFromScaled(config.taxRateScaled) });
  await app.register(authRoutes, { users, sessions, throttle, mfa, events });
  await app.register(securityRoutes, { throttle, events, users });
  await app.register(accountRoutes, { users, sessions, mfa, events });
  await app.register(usersRoutes, { users });
  await app.register(customersRoutes, { customers: new CustomersService(database.db, clock), bus });
  await app.register(catalogRoutes, { catalog: new CatalogService(database.db, clock, config.taxRateScaled), bus });
  await app.register(documentsRoutes, { documents });
  await app.register(historyRoutes, { history: new HistoryService(database.db, clock) });
  await app.register(searchRoutes, { search });
  await app.register(dashboardRoutes, { dashboard: new DashboardService(database.db, clock) });
  await app.register(exportRoutes, { exports: new ExportService(database, documents, clock) });
  await app.register(importRoutes, {
    imports: new ImportService(database.db, clock, config.taxRateScaled, bus, () => search.compactIndexes()),
  });
  const vendorOrders = new VendorOrdersService(database.db, clock, bus);
  await app.register(vendorOrdersRoutes, { vendorOrders });
  const stock = new StockService(database.db, clock, bus, {
    pool: pdf,
    companyName: async () => (await settings.company()).name,
  });
  await app.register(stockRoutes, { stock, vendorOrders });
  await app.register(printingRoutes, {
    printing: new PrintingService(database.db, clock, pdf, mailer, settings, config.taxRateScaled),
  });
  await app.register(settingsRoutes, { settings });
  await app.register(loadersRoutes, {
    loaders: new LoadersService(database.db, clock, config.taxRateScaled, settings, mailQueue, bus),
  });
  await app.register(mailRoutes, { mail: mailQueue });
  await app.register(eventsRoutes, {
    bus,
    sessions,
    ...(opts.eventHeartbeatMs ? { heartbeatMs: opts.eventHeartbeatMs } : {}),
    ...(opts.eventStreamLimits ? { streamLimits: opts.eventStreamLimits } : {}),
  });

  const staticDir = config.STATIC_DIR ? path.resolve(config.STATIC_DIR) : defaultStaticDir();
  const indexHtml = path.join(staticDir, 'index.html');
  const hasWeb = existsSync(indexHtml);
  const pageFor = hasWeb ? appPages(staticDir) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite names built assets by content hash: cache them for good; never cache index.html.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The .br and .gz copies are for Accept-Encoding (preCompressed above), never served as files.
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (hasWeb && !url.startsWith('/api') && /\.(br|gz)$/i.test(url)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
  });

  app.addHook('onClose', async () => {
    // A round of the e-mail queue in progress ends first (what it sent is marked sent).
    mailQueue.stop();
    await mailQueue.settled();
    // A compaction of the search indexes stops after its current step.
    await search.stop();
    await bus.close();
    await pdf.close();
    mailer.close();
  });

  // Closing (SIGTERM): the answers to requests still in flight say Connection: close, so a client
  // opens a new connection (to the next instance) instead of sending its next request down this
  // one just as it is closed, which would leave that request without an answer.
  let closing = false;
  app.decorate('markClosing', () => {
    closing = true;
    bus.endStreams();
  });
  app.addHook('preClose', async () => {
    closing = true;
    bus.endStreams();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.code(404).send(failed(`No such API route: ${request.method} ${url}`));
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && hasWeb && isAppRoute(url)) {
      // History fallback: the app's own routes get the app; any other path is a plain 404.
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pageFor!(url));
    }
    if (!hasWeb && url === '/') {
      return reply.type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}
