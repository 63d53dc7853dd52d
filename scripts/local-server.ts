/**
 * The local runtime: Netlify's own emulation (@netlify/dev) behind one Node
 * HTTP server. It serves dist/, the functions at their config.path, file-backed
 * Blobs, netlify.toml and _headers rules, and context.waitUntil.
 *
 * The real CDN sends a strong ETag for static files and answers conditional
 * requests; the emulation does not, so this server adds both for static
 * responses, with the same RFC 9110 code the functions use, and the
 * `Vary: Accept-Encoding` the CDN sends with compressible files.
 *
 * Routing is decided first with the production server's table
 * (src/server/function-routes.ts), because the emulation lower-cases
 * paths (`/api/reviews/SEARCH` would be a 200) and serves published files to
 * any method. Published files answer other methods with 405, and paths
 * nothing serves get the not-found answer (HTML for browsers) here.
 */
import { statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { NetlifyDev } from "@netlify/dev";
import { isNotModified, notModifiedResponse } from "../src/lib/http/conditional.ts";
import { isCompressible } from "../src/server/content-encoding.ts";
import { computeStrongEtag } from "../src/lib/http/etag.ts";
import { listStaticCandidates, matchFunctionRoute, type FunctionRoute } from "../src/server/function-routes.ts";
import { answerUnknownPath, notFoundResponse } from "../src/lib/http/not-found.ts";
import { answerStaticMethod } from "../src/server/static-methods.ts";
import { loadFunctions } from "../src/server/functions.ts";

export interface LocalServer {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

async function addStaticValidators(request: IncomingMessage, response: Response): Promise<Response> {
  if (response.status !== 200) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set("ETag", computeStrongEtag(body));
  if (isCompressible(headers.get("content-type")) && body.byteLength > 0) headers.set("Vary", "Accept-Encoding");
  const requestHeaders = new Headers(request.headers as Record<string, string>);
  if (isNotModified(request.method ?? "GET", requestHeaders, { etag: headers.get("etag")!, lastModified: headers.get("last-modified") })) {
    return notModifiedResponse(headers);
  }
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status: 200, headers });
}

async function writeResponse(request: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    // The emulation appends one x-nf-fetch-timing entry per fetch a function makes (every Blobs
    // call): a busy function's header outgrows clients' 16 KiB limit. The real CDN sends no such header.
    if (name === "set-cookie" || name === "x-nf-fetch-timing") return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (request.method === "HEAD" || response.body === null) {
    await response.body?.cancel();
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as NodeReadableStream)
      .on("error", reject)
      .pipe(res)
      .on("finish", resolve)
      .on("error", reject);
  });
}

/**
 * Runs one request at a time through the emulation. Each call builds the
 * function into a scratch folder that the emulation deletes when the call
 * returns, while concurrent calls may still be loading modules from it
 * (seen under load as "Cannot find module .../functions-serve/_x/..." 500s).
 * Serializing costs little: the emulation already spends ~0.1-1 s per
 * function call in a fresh worker. Files of the publish folder skip the
 * queue: they build nothing, and a function may itself fetch one (the hub
 * fetches its topics from the site) while it holds the queue.
 */
function createQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** True when the path names a file in the publish folder, found as the CDN finds it (see listStaticCandidates). */
function isPublishedFile(publishDir: string, pathname: string): boolean {
  return listStaticCandidates(pathname).some((candidate) => {
    try {
      const file = resolve(publishDir, `.${decodeURIComponent(candidate)}`);
      return file.startsWith(publishDir + sep) && statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

/** The catch-all function (netlify/functions/not-found.ts); its answer is computed here rather than by the emulation (see above). */
const NOT_FOUND_FUNCTION = "not-found";

/** What this server answers itself, before the emulation: a 405 or preflight for a published file, or a 404. Null: the emulation answers. */
function answerBeforeEmulation(routes: readonly FunctionRoute[], publishDir: string, request: IncomingMessage): Response | null {
  const url = new URL(request.url ?? "/", "http://local");
  const method = request.method ?? "GET";
  if (url.pathname.startsWith("/.netlify/")) return null;
  const published = isPublishedFile(publishDir, url.pathname);
  const match = matchFunctionRoute(routes, url.pathname, method);
  if (match !== null && !(match.route.preferStatic && published) && match.route.name !== NOT_FOUND_FUNCTION) return null;
  if (published) return answerStaticMethod(method);
  const accept = request.headers.accept;
  // Only GET and HEAD matter to the answer; other methods (TRACE among them, which Request refuses) are all alike here.
  const like = method === "GET" || method === "HEAD" ? method : "POST";
  return answerUnknownPath(new Request(url, { method: like, headers: accept === undefined ? {} : { accept } }));
}

export async function startLocalServer(options: { port: number; host: string; projectRoot: string }): Promise<LocalServer> {
  const dev = new NetlifyDev({
    projectRoot: options.projectRoot,
    skipGitignore: true,
    aiGateway: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
  });
  await dev.start();
  const enqueue = createQueue();
  const publishDir = resolve(options.projectRoot, "dist");
  const routes = (await loadFunctions(resolve(options.projectRoot, "netlify/functions"))).flatMap((fn) => (fn.route === null ? [] : [fn.route]));

  const server = createServer((request, res) => {
    // Collapse a run of leading slashes ("//x" is "/x"): the emulation reads "//x" as a
    // protocol-relative URL and throws; CDNs normalize such paths the same way.
    if (request.url?.startsWith("//")) request.url = request.url.replace(/^\/+/, "/");
    void (async () => {
      try {
        const own = answerBeforeEmulation(routes, publishDir, request);
        if (own !== null) return await writeResponse(request, res, own);
        const handle = () => dev.handleAndIntrospectNodeRequest(request);
        const published = isPublishedFile(publishDir, new URL(request.url ?? "/", "http://local").pathname);
        const result = await (published ? handle() : enqueue(handle));
        let response = result?.response ?? notFoundResponse(new Request("http://local/"));
        if (result?.type === "static") response = await addStaticValidators(request, response);
        await writeResponse(request, res, response);
      } catch (error) {
        console.error("local server error:", error);
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json; charset=utf-8" });
        res.end(JSON.stringify({ error: "internal_error", message: "The local server failed to handle this request." }));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    server,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await dev.stop();
    },
  };
}
