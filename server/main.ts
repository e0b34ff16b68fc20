import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Response } from "express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { getConfig } from "./config";
import { closeDb, getDb, migrateToLatest, pingDatabase } from "./db";
import { seedDatabase } from "./app/seed";
import { sessionContext } from "./auth/context";
import {
  authHandler,
  clientIpHeader,
  noStoreForPrivatePaths,
  noStoreWhenSettingCookies,
  resolveSession,
  sameSiteGuard,
} from "./auth/express";
import { adminApi } from "./app/admin-api";
import { pageCacheContent } from "./app/page-cache-content";
import { apiErrorHandler, apiNotFound } from "./http/api-errors";
import { jsonBody } from "./http/body";
import { closeWhenBodyUnread } from "./http/linger";
import { clientIp } from "./http/client-ip";
import { createLoadContext } from "./http/context";
import { bypassReason, pageCache } from "./http/page-cache";
import { precompressedAssets } from "./http/precompressed";
import { refuseMalformedPath } from "./http/malformed-path";
import { requestLog } from "./http/request-log";
import { securityHeaders } from "./http/security-headers";
import { formTokenApi } from "./forms/form-token-api";
import { formProofApi } from "./form-proof/api";
import { flushVisitorCounts, visitorBeacon } from "./analytics/counting";
import { registerAnalyticsJobs, schedulePurge } from "./analytics/retention";
import { arizonaDate } from "@common/arizona";
import { startJobRunner } from "./jobs/jobs";
import { registerSubmissionJobs } from "./forms/notify";
import { registerAutoReplyJob } from "./forms/auto-reply";
import { registerResponseClockJobs } from "./forms/response-clock";
import { nextRetentionRun, registerRetentionJobs, scheduleRetention } from "./forms/retention";
import { registerWebhookJobs } from "./webhooks/deliveries";
import { registerProposalJobs } from "./proposals/mail";
import { registerPrivacy } from "./privacy/verify-mail";
import { ensurePrivateDir } from "./private-fs";
import { log } from "./logger";
import { publicMedia } from "./media/api";
import { normaliseSearchQuery } from "./search/search";

export interface ServerOptions {
  /** Present in development (`npm run dev`): Vite serves assets and rebuilds routes on change. */
  viteDevServer?: ViteDevServer;
  /** Folder of the client build; defaults to build/client beside the server build. */
  clientDir?: string;
}

async function loadBuild(vite?: ViteDevServer): Promise<ServerBuild> {
  if (vite) return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
}

/**
 * React Router's handler for the server build. Given a function, React Router derives its route
 * tables from the build on every request (matching tables flattened and ranked anew): right in
 * development, where Vite rebuilds the modules under it. The production build never changes, so
 * it is loaded once and handed over as it is: the tables are derived once.
 */
function buildHandler<A extends unknown[], R>(
  options: ServerOptions,
  create: (build: ServerBuild | (() => Promise<ServerBuild>)) => (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  const vite = options.viteDevServer;
  if (vite) return create(() => loadBuild(vite));
  let handler: Promise<(...args: A) => Promise<R>> | undefined;
  return async (...args) => {
    handler ??= loadBuild().then(create);
    return (await handler)(...args);
  };
}

function loadContext(res: Response, options: ServerOptions) {
  const context = createLoadContext({
    requestId: res.locals.requestId as string,
    // Development has no script nonce in its CSP; rendering one would only cause
    // hydration warnings (browsers hide the attribute from the client).
    nonce: options.viteDevServer ? "" : (res.locals.nonce as string),
    clientIp: res.locals.clientIp as string,
    closeConnection: () => {
      if (!res.headersSent) res.setHeader("Connection", "close");
    },
  });
  context.set(sessionContext, res.locals.session ?? null);
  return context;
}

export function createApp(options: ServerOptions = {}) {
  const config = getConfig();
  const app = express();
  app.disable("x-powered-by");
  // Behind a reverse proxy (TRUST_PROXY=1) trust exactly one hop: req.ip, req.protocol and the
  // host React Router builds request URLs from then come from the proxy's X-Forwarded-* headers.
  app.set("trust proxy", config.trustProxy ? 1 : false);

  app.use((req, res, next) => {
    res.locals.clientIp = clientIp(req, config.trustProxy);
    if (config.trustProxy) {
      // The proxy may talk to us as "127.0.0.1:3000"; the site's host is the one it forwards.
      // React Router builds request URLs (and checks form-post origins) from the Host header.
      const forwardedHost = req.get("x-forwarded-host")?.split(",")[0]?.trim();
      if (forwardedHost) req.headers.host = forwardedHost;
    }
    next();
  });
  app.use(closeWhenBodyUnread());
  app.use(requestLog());
  app.use(refuseMalformedPath());
  const renderPage = buildHandler(options, (build) =>
    createFetchHandler(build, config.isProduction ? "production" : "development"),
  );
  const cache = pageCache({
    db: getDb,
    content: pageCacheContent,
    // Development renders every request (Vite rebuilds modules under it).
    enabled: config.pageCache && !options.viteDevServer,
    isProduction: config.isProduction,
    render: (request, res) => renderPage(request, loadContext(res, options)),
    // A results page depends on the normalised query alone (and the content, like every page).
    queryPages: [{ path: "/resources/search", param: "q", normalise: normaliseSearchQuery }],
  });
  // A page the cache holds is answered here, before the rest of the chain, static files and
  // compression look at it; it sets the security headers itself. What follows does not apply
  // to a hit: a hit is an anonymous GET or HEAD of a public page (no cross-site guard, no
  // better-auth, no private path) and sets no cookie.
  app.use(cache.hits);
  app.use(clientIpHeader());
  app.use(
    securityHeaders({
      isProduction: config.isProduction,
      isDevelopment: !!options.viteDevServer,
      // What the page cache may answer: anonymous GETs of public pages (decision 0039).
      isAnonymousPublicPage: (req) => bypassReason(req) === null,
    }),
  );
  app.use(noStoreForPrivatePaths());
  app.use(noStoreWhenSettingCookies());
  app.use(sameSiteGuard(config.siteUrl));
  // Pages the cache does not answer are compressed on the fly at compression's defaults, which
  // are fast (brotli quality 4, gzip 6); the cache and the build's .br/.gz carry the small ones.
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    const reachable = await pingDatabase(getDb());
    res.setHeader("Cache-Control", "no-store");
    res.status(reachable ? 200 : 503).json({
      status: reachable ? "ok" : "error",
      database: reachable ? "reachable" : "unreachable",
      dialect: config.database.kind,
    });
  });

  app.all("/api/auth/{*any}", authHandler(), apiErrorHandler());

  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  // The public pages' visitor beacon (server/analytics, decision 0044): anonymous, so ahead of
  // the session lookup; a small JSON body; 204 with no cookie.
  api.post("/collect", jsonBody({ limit: 4 * 1024 }), visitorBeacon(getDb, { enabled: config.analytics }));
  api.use(resolveSession());
  api.get("/form-token", formTokenApi());
  api.get("/form-proof", ...formProofApi());
  api.use("/admin", adminApi());
  api.use(apiNotFound());
  api.use(apiErrorHandler());
  app.use("/api", api);
  // Uploaded content images (server/media): public, immutable.
  app.use("/media", publicMedia());

  if (options.viteDevServer) {
    app.use(options.viteDevServer.middlewares);
  } else {
    const clientDir = options.clientDir ?? path.resolve(import.meta.dirname, "../client");
    // Hashed file names never change content: cache for a year. The build wrote .br and .gz
    // beside each (scripts/compress-assets.mjs); those are sent when the browser accepts them.
    app.use("/assets", precompressedAssets(path.join(clientDir, "assets")));
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.all(
    "/{*splat}",
    cache.pages,
    resolveSession(),
    buildHandler(options, (build) =>
      createRequestHandler({
        build,
        mode: config.isProduction ? "production" : "development",
        getLoadContext: (_req, res) => loadContext(res, options),
      }),
    ),
  );
  return app;
}

export interface RunningServer {
  server: http.Server;
  url: string;
  close: () => Promise<void>;
}

/** Migrates and seeds the database, then listens. Stops cleanly on SIGTERM/SIGINT. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const config = getConfig();
  ensurePrivateDir(config.dataDir);
  const db = getDb();
  const applied = await migrateToLatest(db);
  if (applied.length) log.info("migrations applied", { applied });
  await seedDatabase(db);
  // Background jobs (staff e-mails of submissions, webhook deliveries, with retries): every instance
  // runs the runner, each job is claimed by one of them (server/jobs).
  registerSubmissionJobs();
  registerAutoReplyJob();
  // The first-response reminder of each lead, at its deadline (decision 0048).
  registerResponseClockJobs();
  // Visitor aggregates past their retention are purged once a day by whichever instance claims it.
  registerAnalyticsJobs(config.analyticsRetentionDays);
  await schedulePurge(db, arizonaDate());
  // Spam and closed contacts' statements past their retention, once a day (02:00 Arizona time).
  registerRetentionJobs();
  await scheduleRetention(db, nextRetentionRun());
  registerWebhookJobs();
  registerProposalJobs();
  registerPrivacy();
  const stopJobs = startJobRunner(db, {
    intervalMs: Math.min(5_000, config.submissionNotify.retryMs, config.webhooks.retryMs),
  });
  if (config.webhooks.allowLocal)
    log.warn(
      "WEBHOOKS_ALLOW_LOCAL=1: webhooks may use plain http and call loopback and private addresses (tests and development only)",
    );

  const app = createApp(options);
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  log.info("server listening", { url, host: config.host, database: config.database.kind, env: config.env });
  if (config.trustProxy)
    log.warn(
      config.hostFromTrustProxy
        ? "TRUST_PROXY=1: X-Forwarded-* headers are trusted, so listening on 127.0.0.1 only; set HOST to bind elsewhere, reachable by the proxy alone"
        : `TRUST_PROXY=1: X-Forwarded-* headers are trusted; make sure only the proxy can reach ${config.host}:${port}`,
      { host: config.host },
    );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      log.info("shutting down: finishing in-flight requests");
      stopJobs();
      await new Promise<void>((resolve) => {
        // Keep-alive sockets become idle once their last response is sent; close them as
        // they do so that close() completes without waiting for their timeout.
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      });
      await options.viteDevServer?.close();
      // Counts gathered in the last seconds go to the database before it closes.
      await flushVisitorCounts();
      await closeDb();
      log.info("shutdown complete");
    })();
    return closing;
  };
  const onSignal = (signal: string) => {
    log.info("signal received", { signal });
    const force = setTimeout(() => {
      log.warn("forcing exit after 10 s");
      process.exit(1);
    }, 10_000);
    force.unref();
    close().then(
      () => process.exit(0),
      (err) => {
        log.error("shutdown failed", { err });
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  return { server, url, close };
}
