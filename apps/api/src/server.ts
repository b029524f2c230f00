import { mkdir } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  API_PREFIX,
  DOCUMENT_BOOT_SCRIPT,
  type DocumentVisitor,
  productSearchQuerySchema,
  type Product,
} from '@shop/shared';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pino from 'pino';
import { createIdentity, type Identity } from './auth/identity.js';
import { authRoutes } from './routes/auth.js';
import type { AppConfig } from './config/config.js';
import { connectDatabase, type Database, type Db } from './db/client.js';
import { seedDemoData, type DemoAccount } from './seed/seed.js';
import { apiDocsRoutes } from './routes/api-docs.js';
import { frameworkErrors, registerErrorHandling } from './http/errors.js';
import { registerIdempotency } from './routes/idempotency.js';
import { rateLimitKey, registerSecurityHeaders } from './http/security.js';
import { serverTimeouts } from './http/timeouts.js';
import { fromNodeHeaders } from 'better-auth/node';
import { readDocumentCss, registerDocuments } from './http/documents.js';
import { memberContractPrices } from './modules/companies/prices.js';
import { findShopUserByEmail } from './modules/users/service.js';
import { isApiPath, registerWebApp } from './http/web-app.js';
import { registerMetrics } from './http/metrics.js';
import { auditRoutes } from './routes/audit.js';
import { jobRoutes } from './routes/jobs.js';
import { catalogRoutes } from './routes/catalog.js';
import { uploadFiles, uploadRoutes } from './routes/uploads.js';
import { openUploadStore } from './modules/uploads/open-store.js';
import type { UploadStore } from './modules/uploads/storage.js';
import { searchProducts } from './modules/catalog/search.js';
import { getProduct, listProducts } from './modules/catalog/service.js';
import { catalogSnapshot, freshCatalog } from './modules/catalog/snapshot.js';
import { healthRoutes } from './routes/health.js';
import { newsletterRoutes } from './routes/newsletter.js';
import { sweepExpiredOrders } from './modules/orders/hold.js';
import { tellOverdueInvoices } from './modules/ledger/invoices.js';
import { queueInvoiceReminders } from './modules/ledger/reminders.js';
import { queueQuoteExpiryNotices } from './workflows/quotes/expiry.js';
import { rejectStaleApprovals } from './workflows/buying/approvals.js';
import { orderRoutes } from './routes/orders.js';
import type { OrderContext } from './modules/orders/context.js';
import { paymentRoutes } from './routes/payments.js';
import { purchaseRoutes } from './routes/purchases.js';
import { creditNoteRoutes } from './routes/credit-notes.js';
import { quoteRoutes } from './routes/quotes.js';
import { apiKeyRoutes } from './routes/api-keys.js';
import { webhookRoutes } from './routes/webhooks.js';
import { webhookQueue } from './modules/webhooks/deliver.js';
import { composeCreditNoteEmail, CREDIT_NOTE_EMAIL_KINDS } from './workflows/credit-notes/email.js';
import { refuseLastOwnerRemoval } from './modules/companies/membership.js';
import { companyRoutes } from './routes/companies.js';
import { statsRoutes } from './routes/stats.js';
import {
  composePurchaseEmail,
  type PurchaseEmailSettings,
} from './modules/orders/purchase-emails.js';
import { COMPANY_EMAIL_KINDS, composeCompanyEmail } from './modules/companies/emails.js';
import { QUOTE_EMAIL_KINDS } from './modules/quotes/emails.js';
import { composeQuoteEmail } from './workflows/quotes/emails.js';
import { APPROVAL_EMAIL_KINDS, composeApprovalEmail } from './workflows/buying/approval-emails.js';
import { emailQueue, type MailWorkerOptions } from './mail/worker.js';
import { pruneDoneJobs, recurringQueue, startJobRunner } from './kernel/jobs.js';
import { dumpOf, noteBackup, type BackupNote, type BackupSource } from './ops/backup.js';
import { backupSocketPath, serveBackupSocket } from './ops/backup-socket.js';
import { backupQueue } from './ops/scheduled-backups.js';
import { createPaymentGateway } from './payments/index.js';
import { profileRoutes } from './routes/profile.js';
import { connectRedis, type SharedRedis } from './redis/client.js';
import { reviewRoutes } from './routes/reviews.js';
import { listReviews } from './modules/reviews/service.js';
import { settingsRoutes } from './routes/settings.js';
import { taxRoutes } from './routes/tax.js';
import { shippingRoutes } from './routes/shipping.js';
import { publicConfig } from './modules/settings/service.js';
import { userAdminRoutes } from './routes/admin-users.js';
import { userRoutes } from './routes/users.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Better Auth, the shop token and its guards; route plugins get it as an option. */
    identity: Identity;
    /** Database, payment gateway, log and hold of the order rules (the sweeper and tests use it). */
    orders: OrderContext;
    /** What the mail worker sends the queued emails with (createServer starts it; tests call it). */
    mailWork: MailWorkerOptions;
    uploads: UploadStore;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An open, migrated database. `buildApp` does not close it; `createServer` does. */
  database: Database;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** A connected Redis (REDIS_URL) for state shared between instances. `buildApp` does not close it. */
  redis?: SharedRedis;
}

export type App = FastifyInstance;

const silentLogger = pino({ level: 'silent' });

/** Builds the Fastify app: plugins, the API under /api and the web app. Does not listen. */
export async function buildApp({ config, database, logger, redis }: BuildAppOptions): Promise<App> {
  const { trustProxy } = config;
  const app = Fastify({
    loggerInstance: logger ?? silentLogger,
    bodyLimit: config.bodyLimit,
    ...serverTimeouts(config.requestTimeoutSeconds),
    // A number means "trust that many proxy hops", as Express and Fastify read it.
    trustProxy:
      typeof trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    // Parameters are UUIDs or emails (at most 254 characters, a few of them %-escaped); a
    // longer one is refused by the router before any handler runs.
    routerOptions: { maxParamLength: 300 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // Traces (docs/decisions/059), first: their hooks wrap every other. OpenTelemetry is loaded
  // only when OTEL_EXPORTER_OTLP_ENDPOINT is set; closing the app sends the last spans.
  if (config.traces) {
    const { registerTraces } = await import('./http/traces.js');
    registerTraces(app, { ...config.traces, database });
  }

  // The API speaks JSON only: a text/plain body is refused with 415 instead of being handed to
  // the schema as a string.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const documentCss = readDocumentCss(config.webDistDir);
  await registerSecurityHeaders(app, {
    stripe: Boolean(config.stripe.secretKey),
    inlineStyles: documentCss === null ? [] : [documentCss],
    inlineScripts: documentCss === null ? [] : [DOCUMENT_BOOT_SCRIPT],
  });
  await app.register(fastifyRateLimit, {
    // A program's API key counts apart from people, in its company's bucket (the shop's keys in
    // one) under its own limit (issue 32). The plugin adds its hook after each route's own
    // onRequest hooks, so the route's guard has accepted the key before the request is counted.
    max: (_request, bucket) =>
      bucket.startsWith('apikey:') ? config.apiKeyRateLimitMax : config.rateLimitMax,
    timeWindow: '1 minute',
    keyGenerator: (request) =>
      request.apiKeyBucket ? `apikey:${request.apiKeyBucket}` : rateLimitKey(request),
    // Only the API is counted: a page load fetches many static files, which cost next to nothing.
    allowList: (request) => !isApiPath(request.url),
    // With Redis every instance counts into the same buckets, so a client spread over several
    // instances by a load balancer gets the limit once, not once per instance. A Redis that is
    // briefly away lets requests through rather than failing the whole API.
    ...(redis
      ? { redis: redis.client, nameSpace: `${redis.keyPrefix}rate:`, skipOnError: true }
      : {}),
  });
  // Once closing has begun, every answer closes its connection: a client then opens a new one
  // (to another instance) instead of sending its next request into a server about to go away.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  // Before the routes: compress hooks into each route as it is added.
  await app.register(fastifyCompress, { global: true });
  // Before the routes too: its hook times every request (GET /metrics, decision 058).
  registerMetrics(app, { token: config.metricsToken, database });

  const { db } = database;
  const identity = await createIdentity(config, db, app.log, redis);
  app.decorate('identity', identity);
  app.decorateRequest('shopUser', null);
  app.decorateRequest('apiKeyId', null);
  app.decorateRequest('apiKeyBucket', null);
  app.addHook('onClose', async () => identity.mailer.close());
  const orders: OrderContext = {
    db,
    gateway: createPaymentGateway(config, db),
    log: app.log,
    holdHours: config.orders.holdHours,
    unpaidMax: config.orders.unpaidMax,
    unverifiedHoldMinutes: config.orders.unverifiedHoldMinutes,
    approvalDays: config.orders.approvalDays,
    overdueHoldDays: config.orders.overdueHoldDays,
    charges: {
      sellerCountry: config.seller.country,
      sellerTaxId: config.seller.taxId,
      nexusStates: config.tax.nexusStates,
      timeZone: config.timeZone,
      viesUrl: config.tax.viesUrl,
    },
  };
  app.decorate('orders', orders);
  registerIdempotency(app, db);
  const invoices = {
    sellerName: config.seller.name,
    sellerAddress: config.seller.address,
    sellerTaxId: config.seller.taxId,
  };
  app.decorate('mailWork', {
    db,
    mailer: identity.mailer,
    log: app.log,
    compose: composeEmail(db, { shopName: config.shopName, publicUrl: config.publicUrl, invoices }),
  });

  // Product pictures admins upload (POST /api/uploads), served under /uploads/.
  const uploads = await openUploadStore(config);
  if (uploads.files.kind === 'folder') await mkdir(uploads.files.dir, { recursive: true });
  app.decorate('uploads', uploads);
  app.addHook('onClose', async () => uploads.close());
  await app.register(
    async (api) => {
      await api.register(authRoutes, { auth: identity.auth, publicUrl: config.publicUrl });
      await api.register(userRoutes, { db, identity, adminEmails: config.adminEmails });
      // A company always keeps an owner: its last one's account is not removed (issue 27).
      await api.register(userAdminRoutes, {
        db,
        identity,
        beforeRemove: refuseLastOwnerRemoval,
      });
      await api.register(profileRoutes, { db, identity });
      await api.register(catalogRoutes, { db, identity });
      await api.register(uploadRoutes, { guards: identity.guards, store: uploads });
      await api.register(orderRoutes, { ctx: orders, guards: identity.guards });
      await api.register(purchaseRoutes, {
        ctx: orders,
        guards: identity.guards,
        invoices,
      });
      await api.register(creditNoteRoutes, { ctx: orders, guards: identity.guards, invoices });
      await api.register(quoteRoutes, { ctx: orders, guards: identity.guards, invoices });
      await api.register(companyRoutes, { ctx: orders, guards: identity.guards, invoices });
      await api.register(shippingRoutes, { db, guards: identity.guards });
      await api.register(paymentRoutes, {
        ctx: orders,
        guards: identity.guards,
        webhookSecret: config.stripe.webhookSecret,
      });
      await api.register(reviewRoutes, { db, identity });
      await api.register(apiKeyRoutes, { db, guards: identity.guards });
      await api.register(webhookRoutes, {
        db,
        guards: identity.guards,
        allowPrivate: config.webhookAllowPrivate,
      });
      await api.register(auditRoutes, { db, identity });
      await api.register(jobRoutes, { db, guards: identity.guards });
      await api.register(statsRoutes, {
        db,
        guards: identity.guards,
        timeZone: config.timeZone,
        backupsScheduled: config.backups !== undefined,
      });
      await api.register(newsletterRoutes, { db });
      await api.register(settingsRoutes, { config });
      await api.register(taxRoutes, {
        db,
        guards: identity.guards,
        settings: { sellerCountry: config.seller.country, nexusStates: config.tax.nexusStates },
        timeZone: config.timeZone,
      });
      await api.register(healthRoutes, { db });
      await api.register(apiDocsRoutes, { shopName: config.shopName });
    },
    { prefix: API_PREFIX },
  );

  // The pages the server renders with their data (docs/decisions/015): the catalogue from its
  // in-memory copy, the first page of its search and the reviews read when the copy is renewed
  // (at most once a second); a product page's product from the copy, else the database.
  const shopConfig = publicConfig(config);
  const catalog = async () =>
    freshCatalog(db) ?? (await catalogSnapshot(db, () => listProducts(db)));
  const firstSearch = productSearchQuerySchema.parse({});
  /** The person of the request's session cookie, for the pages drawn for them. */
  const signedInVisitor = async (headers: IncomingHttpHeaders) => {
    // Better Auth's session cookie (`better-auth.session_token`, `__Secure-` over https).
    if (!headers.cookie?.includes('session_token')) return null;
    const session = await identity.auth.api.getSession({ headers: fromNodeHeaders(headers) });
    const user = session ? await findShopUserByEmail(db, session.user.email) : null;
    if (!session || !user) return null;
    const visitor: DocumentVisitor = {
      email: user.email,
      displayName: session.user.name || null,
      emailVerified: session.user.emailVerified === true,
      isAdmin: user.isAdmin,
    };
    return { user, visitor };
  };
  await registerDocuments(app, config.webDistDir, {
    async load() {
      const { list } = await catalog();
      const [reviews, productPage] = await Promise.all([
        listReviews(db),
        searchProducts(db, firstSearch),
      ]);
      return {
        key: `${list.etag} ${JSON.stringify(reviews)} ${JSON.stringify(productPage)}`,
        data: { config: shopConfig, products: JSON.parse(list.body), productPage, reviews },
      };
    },
    async product(id) {
      const cached = (await catalog()).byId.get(id);
      if (cached) return { key: cached.etag, product: JSON.parse(cached.body) as Product };
      // Older than the copy's newest products, or added by another instance a moment ago.
      const product = await getProduct(db, id);
      return product ? { key: JSON.stringify(product), product } : null;
    },
    async visitor(headers) {
      const found = await signedInVisitor(headers);
      return found && { ...found, contractPrices: await memberContractPrices(db, found.user) };
    },
  });
  await app.register(uploadFiles, { store: uploads });
  await registerWebApp(app, config.webDistDir, {
    readVisitor: async (headers) => (await signedInVisitor(headers))?.visitor ?? null,
    config: shopConfig,
  });
  return app;
}

/** How often the job runner looks for retries, recurring tasks and other instances' jobs. */
const JOB_POLL_SECONDS = 5;

export interface CreateServerOptions {
  logger?: FastifyBaseLogger;
  /** An already open database to use instead of connecting to `config.database` (tests). */
  database?: Database;
}

/** Connects to the Redis of REDIS_URL, if any. */
async function connectSharedRedis(config: AppConfig, logger: FastifyBaseLogger | undefined) {
  if (!config.redis) return undefined;
  return connectRedis(config.redis.url, config.redis.keyPrefix, logger ?? silentLogger);
}

/**
 * Everything `npm start` does before listening: connect, migrate, seed an empty shop (when
 * SEED_DEMO_DATA allows) and build the app. Closing the app closes the database too.
 */
export async function createServer(
  config: AppConfig,
  options: CreateServerOptions = {},
): Promise<App> {
  const database = options.database ?? (await connectDatabase(config.database));
  let redis: SharedRedis | undefined;
  try {
    redis = await connectSharedRedis(config, options.logger);
    await database.migrate();
    const app = await buildApp({ config, database, logger: options.logger, redis });
    // One job system (kernel/jobs.ts): emails and webhook deliveries as soon as a change writes
    // them, the recurring tasks every ORDER_SWEEP_SECONDS on one instance at a time.
    const every = config.orders.sweepSeconds;
    const backupSource: BackupSource = {
      kind: database.kind,
      dump: dumpOf(database, config.database.kind === 'postgres' ? config.database.url : undefined),
      uploads: app.uploads,
    };
    const noteHere = (entry: BackupNote) => noteBackup(database.db, entry);
    const jobRunner = await startJobRunner(
      {
        db: database.db,
        log: app.log,
        queues: [
          emailQueue(app.mailWork),
          // Off only in tests that drive deliveries themselves (WEBHOOK_WORKER=false).
          ...(config.webhookWorker
            ? [
                webhookQueue({
                  db: database.db,
                  log: app.log,
                  allowPrivate: config.webhookAllowPrivate,
                }),
              ]
            : []),
          recurringQueue([
            { name: 'order-holds', everySeconds: every, run: () => sweepExpiredOrders(app.orders) },
            { name: 'approvals', everySeconds: every, run: () => rejectStaleApprovals(app.orders) },
            {
              name: 'invoice-reminders',
              everySeconds: every,
              run: () => queueInvoiceReminders(app.orders.db),
            },
            {
              name: 'overdue-invoices',
              everySeconds: every,
              run: () => tellOverdueInvoices(app.orders.db),
            },
            {
              name: 'quote-expiries',
              everySeconds: every,
              run: () => queueQuoteExpiryNotices(app.orders.db),
            },
            { name: 'prune-jobs', everySeconds: 3600, run: () => pruneDoneJobs(database.db) },
          ]),
          ...(config.backups ? [backupQueue(backupSource, noteHere, config.backups, app.log)] : []),
        ],
      },
      Math.min(JOB_POLL_SECONDS, every),
    );
    // One hook, in this order: a job in progress finishes before the database closes. Fastify
    // runs onClose hooks after the server has stopped accepting and requests in flight are done.
    // An embedded database is open in this process only: `npm run backup` asks it here.
    const closeBackupSocket =
      config.database.kind === 'pglite' && config.database.dataDir
        ? await serveBackupSocket(
            backupSocketPath(config.dataDir),
            { dump: backupSource.dump, note: noteHere },
            app.log,
          )
        : async () => {};
    const openRedis = redis;
    app.addHook('onClose', async () => {
      await closeBackupSocket();
      await jobRunner.stop();
      await database.close();
      await openRedis?.close();
    });
    try {
      if (config.seedDemoData) {
        // After buildApp: the demo accounts are made through Better Auth, as the form makes them.
        const seed = await seedDemoData(database.db, app.identity.auth, {
          demoPasswords: config.demoPasswords,
          dataDir: config.dataDir,
          orders: app.orders,
        });
        if (seed.seeded) {
          const { accounts, ...figures } = seed;
          options.logger?.info(figures, 'seeded demo data into the empty database');
          if (seed.accountsFile) logDemoAccountsOnce(options.logger, accounts, seed.accountsFile);
        }
      }
    } catch (error) {
      await app.close();
      throw error;
    }
    return app;
  } catch (error) {
    await database.close();
    await redis?.close();
    throw error;
  }
}

/**
 * The random demo passwords, shown this once (they are not kept anywhere but the file). Logged
 * at warn so that LOG_LEVEL=warn still shows them.
 */
function logDemoAccountsOnce(
  logger: FastifyBaseLogger | undefined,
  accounts: DemoAccount[],
  file: string,
) {
  if (!logger) return;
  for (const { role, email, password } of accounts) {
    logger.warn(`demo ${role}: ${email} / ${password} (shown once; also in ${file}, mode 600)`);
  }
}

/** createServer, then listen on HOST:PORT. Answers the app and the URL it listens on. */
export async function startServer(config: AppConfig, options: CreateServerOptions = {}) {
  const app = await createServer(config, options);
  try {
    const url = await app.listen({ port: config.port, host: config.host });
    return { app, url };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** The mail worker's `compose`: the company's, the approvals', else the purchase emails. */
function composeEmail(db: Db, settings: PurchaseEmailSettings) {
  const company = composeCompanyEmail(db, settings);
  const approval = composeApprovalEmail(db, settings);
  const purchase = composePurchaseEmail(db, settings);
  const creditNote = composeCreditNoteEmail(db, settings);
  const quote = composeQuoteEmail(db, settings);
  return (job: Parameters<typeof purchase>[0]) => {
    if (QUOTE_EMAIL_KINDS.has(job.kind)) return quote(job);
    if (CREDIT_NOTE_EMAIL_KINDS.has(job.kind)) return creditNote(job);
    if (COMPANY_EMAIL_KINDS.has(job.kind)) return company(job);
    if (APPROVAL_EMAIL_KINDS.has(job.kind)) return approval(job);
    return purchase(job);
  };
}
