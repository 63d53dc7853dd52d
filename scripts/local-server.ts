/**
 * The local runtime: Netlify's own emulation (@netlify/dev) behind one Node
 * HTTP server. It serves dist/, the functions at their config.path, file-backed
 * Blobs, netlify.toml and _headers rules, and context.waitUntil.
 *
 * The real CDN sends a strong ETag for static files and answers conditional
 * requests; the emulation does not, so this server adds both for static
 * responses, with the same RFC 9110 code the functions use.
 */
import { statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { NetlifyDev } from "@netlify/dev";
import { isNotModified, notModifiedResponse } from "../src/lib/http/conditional.ts";
import { CORS_HEADERS } from "../src/lib/http/cors.ts";
import { computeStrongEtag } from "../src/lib/http/etag.ts";

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
  const requestHeaders = new Headers(request.headers as Record<string, string>);
  if (isNotModified(request.method ?? "GET", requestHeaders, { etag: headers.get("etag")!, lastModified: headers.get("last-modified") })) {
    return notModifiedResponse(headers);
  }
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body, { status: 200, headers });
}

function notFound(): Response {
  return new Response(JSON.stringify({ error: "not_found", message: "No resource at this path. See /openapi.json for the endpoints." }), {
    status: 404,
    headers: { "Content-Type": "application/json; charset=utf-8", ...CORS_HEADERS },
  });
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
    Readable.fromWeb(response.body as NodeReadableStream).on("error", reject).pipe(res).on("finish", resolve).on("error", reject);
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

/** True when the path names a file in the publish folder (directories by their index.html). */
function isPublishedFile(publishDir: string, url: string | undefined): boolean {
  try {
    const pathname = decodeURIComponent(new URL(url ?? "/", "http://local").pathname);
    const file = resolve(publishDir, `.${pathname.endsWith("/") ? `${pathname}index.html` : pathname}`);
    return file.startsWith(publishDir + sep) && statSync(file).isFile();
  } catch {
    return false;
  }
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

  const server = createServer((request, res) => {
    // Collapse a run of leading slashes ("//x" is "/x"): the emulation reads "//x" as a
    // protocol-relative URL and throws; CDNs normalize such paths the same way.
    if (request.url?.startsWith("//")) request.url = request.url.replace(/^\/+/, "/");
    void (async () => {
      try {
        const handle = () => dev.handleAndIntrospectNodeRequest(request);
        const result = await (isPublishedFile(publishDir, request.url) ? handle() : enqueue(handle));
        let response = result?.response ?? notFound();
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
