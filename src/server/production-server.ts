/**
 * The production server (`npm start`, `npm run serve`): one Node process doing what Netlify's CDN
 * and Functions do. It serves dist/ from memory (static-files.ts), calls each function of
 * netlify/functions in-process at its `config.path` with a Netlify context (functions.ts), applies
 * each `rateLimit` per client IP, runs scheduled functions and keeps Blobs on disk (local-blobs.ts).
 * @hono/node-server maps Node's request to a `Request` and writes the `Response` back.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { getRequestListener, RequestError, type HttpBindings } from "@hono/node-server";
import { matchFunctionRoute, type FunctionRoute, type RouteMatch } from "./function-routes.ts";
import { errorResponse } from "../lib/http/json-response.ts";
import { notFoundResponse } from "../lib/http/not-found.ts";
import { rateLimitKey, tooManyRequests } from "../lib/http/rate-limit.ts";
import { compileRouteTable, createRouteCache, loadFunctions, routeTableOf, type LoadedFunction } from "./functions.ts";
import { answerClientError, answerConnect, rejectOversized, SERVER_OPTIONS } from "./hostile-http.ts";
import { createNetlifyContext, createRequestId, type ContextDefaults } from "./netlify-context.ts";
import { answerServerRequest } from "./request-head.ts";
import { logIncompleteBody } from "./request-log.ts";
import { createResponseCoalescer } from "./response-coalescing.ts";
import type { schedule as ScheduleFn } from "./scheduler.ts";
import { loadStaticFiles } from "./static-files.ts";

export interface ProductionServerOptions {
  projectRoot: string;
  port: number;
  host: string;
  /** `{base_url}`: the site's public origin, for `context.site.url` and scheduled calls. */
  siteUrl: string;
  /** Where Blobs live on disk. */
  blobsDir: string;
  /** A header set by a trusted reverse proxy with the client's address (e.g. `x-forwarded-for`), or null to use the socket's. */
  trustedProxyHeader: string | null;
  /** Whether each function's `config.rateLimit` is enforced (default true). */
  rateLimits?: boolean;
  /** How long shutdown waits for in-flight requests and `waitUntil` work. */
  shutdownGraceMs: number;
  siteId?: string;
  deployId?: string;
  log?: (message: string) => void;
}

export interface ProductionServer {
  url: string;
  server: Server;
  /**
   * Settles when the functions are imported and Blobs run (the server
   * listens before, answering static files; function requests wait for
   * it). Rejects when a function cannot be loaded: the server is closed then.
   */
  ready: Promise<void>;
  /** Stops taking requests, lets in-flight requests and `waitUntil` work finish, then stops Blobs. */
  close: () => Promise<void>;
}

/** Distinct (method, path) pairs whose routing is remembered; past this the memo starts over. */
const ROUTE_CACHE_SIZE = 10_000;

/** Netlify runs the function of this name after each deploy (netlify/functions/deploy-succeeded.ts). */
const DEPLOY_EVENT_FUNCTION = "deploy-succeeded";

/** Netlify's own paths for functions without `path` (scheduled and event functions). */
const INTERNAL_FUNCTION_PATH = /^\/\.netlify\/functions\/([\w-]+)\/?$/;

function normalizeIp(address: string): string {
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

function isLoopback(incoming: IncomingMessage): boolean {
  const address = normalizeIp(incoming.socket.remoteAddress ?? "");
  return address === "::1" || address.startsWith("127.");
}

function isResponse(value: unknown): value is Response {
  return value instanceof Response || (typeof value === "object" && value !== null && "status" in value && "headers" in value);
}

export async function startProductionServer(options: ProductionServerOptions): Promise<ProductionServer> {
  const log = options.log ?? ((message: string) => console.error(message));
  const deployId = options.deployId ?? createRequestId().toLowerCase();
  const siteId = options.siteId ?? "local";
  const siteHost = new URL(options.siteUrl).host;
  const defaults: ContextDefaults = {
    site: { id: siteId, name: "keystone-reviews", url: options.siteUrl },
    deploy: { id: deployId, context: "production", published: true },
  };
  const loadPublished = () => loadStaticFiles(join(options.projectRoot, "dist"), join(options.projectRoot, "netlify.toml"));

  /**
   * Importing the functions and starting Blobs is most of start-up, so it runs in the background
   * and the server listens once dist/ is in memory; function requests wait for it. A function's
   * `path` can shadow a file, so static files are answered early only when the last start's route
   * table is known to be current (functions.ts); otherwise every request waits.
   */
  const routeCache = createRouteCache(join(options.projectRoot, ".netlify/cache/function-routes.json"), [
    join(options.projectRoot, "netlify/functions"),
    join(options.projectRoot, "src"),
  ]);
  const cachedTable = routeCache.read();
  let routes = cachedTable === null ? null : compileRouteTable(cachedTable);
  interface Runtime {
    functions: LoadedFunction[];
    byName: Map<string, LoadedFunction>;
    stopBlobs: () => Promise<void>;
  }
  let runtime: Runtime | null = null;
  const loadRuntime = async (): Promise<Runtime> => {
    // @netlify/blobs' server pulls in @netlify/dev-utils: a large import, so it waits here too.
    const { startLocalBlobs } = await import("./local-blobs.ts");
    const blobs = await startLocalBlobs(options.blobsDir, { siteID: siteId, deployID: deployId });
    try {
      const functions = await loadFunctions(join(options.projectRoot, "netlify/functions"));
      const table = routeTableOf(functions);
      if (cachedTable === null || JSON.stringify(table) !== JSON.stringify(cachedTable)) {
        if (cachedTable !== null) log("function routes differ from the cached table; routing with the functions' own config from now on");
        routeCache.write(table);
      }
      return { functions, byName: new Map(functions.map((fn) => [fn.name, fn])), stopBlobs: blobs.stop };
    } catch (error) {
      await blobs.stop();
      throw error;
    }
  };
  // dist/ first: the first answers need only it.
  const published = await loadPublished();
  /**
   * The import starts when a request needs a function, when the first
   * answer has gone out, or a second after listening, whichever comes
   * first: module evaluation holds the event loop for a while, and the
   * first answers should not wait behind it.
   */
  let loadStarted = false;
  let wantLoad!: () => void;
  const loadWanted = new Promise<void>((resolve) => (wantLoad = resolve));
  const startLoading = () => {
    loadStarted = true;
    wantLoad();
  };
  const runtimeReady: Promise<Runtime> = loadWanted.then(loadRuntime).then((value) => {
    runtime = value;
    routes = value.functions.map((fn) => fn.route).filter((route): route is FunctionRoute => route !== null);
    decided.clear();
    return value;
  });
  // Reported through `ready` (the server then stops); a request still waiting on it answers 503.
  runtimeReady.catch(() => undefined);
  let staticFiles = published;
  /**
   * A deploy (`npm run publish`: a build, then the deploy-succeeded event)
   * replaces dist/. As on Netlify, where a deploy brings new files and new
   * function instances, the event first swaps in the new files and makes the
   * functions read the new datasets.
   */
  const deploy = async () => {
    staticFiles = await loadPublished();
    const [{ forgetDatasetIndex }, { forgetInsights }] = await Promise.all([import("../platform/built-dataset.ts"), import("../platform/built-insights.ts")]);
    forgetDatasetIndex();
    forgetInsights();
  };
  // URLPattern matching costs microseconds per pattern; the routes never change, so each (method, path) is decided once.
  const decided = new Map<string, RouteMatch | null>();
  const route = (knownRoutes: readonly FunctionRoute[], pathname: string, method: string): RouteMatch | null => {
    const key = `${method} ${pathname}`;
    let match = decided.get(key);
    if (match === undefined) {
      match = matchFunctionRoute(knownRoutes, pathname, method);
      if (decided.size >= ROUTE_CACHE_SIZE) decided.clear();
      decided.set(key, match);
    }
    return match;
  };

  // waitUntil work still running; shutdown waits for it.
  const pending = new Set<Promise<unknown>>();
  const track = (promise: Promise<unknown>, what: string) => {
    const tracked: Promise<unknown> = promise
      .catch((error: unknown) => log(`${what}: background work failed: ${(error as Error)?.message ?? error}`))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const failed = (fn: LoadedFunction, error: unknown): Response => {
    log(`function ${fn.name} failed: ${(error as Error)?.stack ?? error}`);
    return errorResponse(500, "internal_error", "The server failed to answer this request. Try again later.");
  };

  const invoke = (fn: LoadedFunction, request: Request, url: URL, params: Record<string, string>, ip: string): Response | Promise<Response> => {
    if (fn.rateLimit !== null && options.rateLimits !== false) {
      // "domain" is the site's own: a client picks its Host header, and must not get a fresh window per Host.
      const retryAfter = fn.rateLimit.limiter.hit(rateLimitKey(fn.rateLimit.config, ip, siteHost), Date.now());
      if (retryAfter !== null) return tooManyRequests(retryAfter);
    }
    const { context, cookies } = createNetlifyContext({
      request,
      url,
      params,
      ip,
      requestId: createRequestId,
      defaults,
      waitUntil: (promise) => track(promise, fn.name),
    });
    const finish = (result: unknown): Response => {
      // A v2 function that returns nothing answers 204, as on Netlify.
      const response = isResponse(result) ? result : new Response(null, { status: 204 });
      for (const cookie of cookies) response.headers.append("set-cookie", cookie);
      return response;
    };
    let result: unknown;
    try {
      result = fn.handler(request, context);
    } catch (error) {
      return failed(fn, error);
    }
    return result instanceof Promise ? result.then(finish, (error: unknown) => failed(fn, error)) : finish(result);
  };

  const clientIp = (incoming: IncomingMessage): string => {
    if (options.trustedProxyHeader !== null) {
      const value = incoming.headers[options.trustedProxyHeader];
      // The proxy appends the address it saw last, so the last entry is the one it vouches for.
      const last = (Array.isArray(value) ? value.at(-1) : value)?.split(",").at(-1)?.trim();
      if (last) return normalizeIp(last);
    }
    return normalizeIp(incoming.socket.remoteAddress ?? "");
  };

  const unavailable = () => errorResponse(503, "starting", "The server is starting. Try again in a moment.");
  const afterStart = (request: Request, env: HttpBindings): Promise<Response> => {
    startLoading();
    return runtimeReady.then(
      () => handle(request, env),
      () => unavailable(),
    );
  };

  const handle = (request: Request, env: HttpBindings): Response | Promise<Response> => {
    const url = new URL(request.url);
    // "//x" is "/x": collapse a run of leading slashes, as CDNs do.
    const pathname = url.pathname.startsWith("//") ? url.pathname.replace(/^\/+/, "/") : url.pathname;
    const internal = INTERNAL_FUNCTION_PATH.exec(pathname);
    if (internal !== null) {
      if (runtime === null) return afterStart(request, env);
      const fn = runtime.byName.get(internal[1]!);
      // Scheduled and event functions are for this machine's own use (`npm run publish`), never for clients behind a proxy.
      const local = isLoopback(env.incoming) && (options.trustedProxyHeader === null || env.incoming.headers[options.trustedProxyHeader] === undefined);
      if (fn !== undefined && fn.route === null && local) {
        if (fn.name !== DEPLOY_EVENT_FUNCTION) return invoke(fn, request, url, {}, clientIp(env.incoming));
        return deploy().then(
          () => invoke(fn, request, url, {}, clientIp(env.incoming)),
          (error: unknown) => failed(fn, error),
        );
      }
      return notFoundResponse(request);
    }
    if (routes === null) return afterStart(request, env);
    const match = route(routes, pathname, request.method);
    if (match !== null) {
      if (match.route.preferStatic) {
        const file = staticFiles.find(pathname);
        if (file !== null) return staticFiles.serve(request, pathname, file);
      }
      if (runtime === null) return afterStart(request, env);
      return invoke(runtime.byName.get(match.route.name)!, request, url, { ...match.params }, clientIp(env.incoming));
    }
    const file = staticFiles.find(pathname);
    return file === null ? notFoundResponse(request) : staticFiles.serve(request, pathname, file);
  };

  // Under concurrent load, answers ready in one turn of the event loop are written together (response-coalescing.ts).
  const coalescer = createResponseCoalescer();
  const whenWritable = (response: Response): Response | Promise<Response> => {
    const wait = coalescer.hold();
    return wait === null ? response : wait.then(() => response);
  };
  const answer = (request: Request, env: HttpBindings): Response | Promise<Response> => {
    const response = handle(request, env);
    return response instanceof Promise ? response.then(whenWritable) : whenWritable(response);
  };

  const listener = getRequestListener(answer as (request: Request, env: unknown) => Response | Promise<Response>, {
    errorHandler: (error) => {
      if (error instanceof RequestError) return errorResponse(400, "bad_request", `The request could not be read: ${error.message}.`);
      log(`request failed: ${(error as Error)?.stack ?? error}`);
      return errorResponse(500, "internal_error", "The server failed to answer this request. Try again later.");
    },
  });
  const server = createServer(SERVER_OPTIONS, (req, res) => {
    if (runtime === null) res.once("finish", () => setImmediate(startLoading));
    if (answerServerRequest(req, res) || rejectOversized(req, res)) return;
    logIncompleteBody(req, log);
    coalescer.arrived();
    void listener(req, res);
  });
  server.on("clientError", answerClientError);
  server.on("connect", answerConnect);

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await runtimeReady.then(
      (value) => value.stopBlobs(),
      () => undefined,
    );
    throw error;
  });
  const startSchedules = (functions: LoadedFunction[], schedule: typeof ScheduleFn) =>
    functions.flatMap((fn) => {
      const expression = fn.config.schedule;
      if (expression === undefined) return [];
      return [
        schedule(expression, async (nextRun) => {
          const url = new URL(`/.netlify/functions/${fn.name}`, options.siteUrl);
          const request = new Request(url, {
            method: "POST",
            headers: { "Content-Type": "application/json", "User-Agent": "Netlify Clockwork", "X-NF-Event": "schedule" },
            body: JSON.stringify({ next_run: nextRun.toISOString() }),
          });
          const run = Promise.resolve(invoke(fn, request, url, {}, "127.0.0.1")).then(async (response) => {
            if (!response.ok) log(`scheduled function ${fn.name} answered ${response.status}: ${await response.text()}`);
          });
          track(run, fn.name);
          await run;
        }),
      ];
    });

  const loadTimer = setTimeout(startLoading, 1000);
  void loadWanted.then(() => clearTimeout(loadTimer));
  let schedules: { stop: () => void }[] = [];
  let stopped = false;
  const ready = runtimeReady.then(async (value) => {
    const { schedule } = await import("./scheduler.ts");
    if (!stopped) schedules = startSchedules(value.functions, schedule);
  });
  ready.catch((error: unknown) => {
    log(`the functions could not be loaded: ${(error as Error)?.stack ?? error}`);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;

  let closing: Promise<void> | undefined;
  const close = async () => {
    stopped = true;
    clearTimeout(loadTimer);
    for (const job of schedules) job.stop();
    const deadline = Date.now() + options.shutdownGraceMs;
    const timeLeft = () => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref());
    // In-flight requests finish; idle keep-alive connections close at once (Node ≥ 19).
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.race([closed, timeLeft()]);
    server.closeAllConnections();
    // waitUntil work may start more of it (a verification that publishes): wait until none is left.
    while (pending.size > 0 && Date.now() < deadline) await Promise.race([Promise.allSettled([...pending]), timeLeft()]);
    if (pending.size > 0) log(`shutdown: ${pending.size} background task(s) still running after ${options.shutdownGraceMs} ms were abandoned`);
    if (loadStarted)
      await runtimeReady.then(
        (value) => value.stopBlobs(),
        () => undefined,
      );
  };
  return { url: `http://${host}:${port}`, server, ready, close: () => (closing ??= close()) };
}
