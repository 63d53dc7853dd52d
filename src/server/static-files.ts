/**
 * The publish folder as the CDN serves it. At start-up each file is read once for what a response
 * needs besides its bytes (type, `netlify.toml` and `_headers` rules, a strong ETag), so HEAD and
 * 304 never touch the disk. Bytes and compressed variants live in a size-bounded LRU: most review
 * pages are cold while the datasets and feeds stay hot (the RSS target of bench:load). Headers
 * follow Netlify's emulation (@netlify/static, @netlify/headers) so the two servers agree.
 */
import { readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { parseAllHeaders, type Header } from "@netlify/headers-parser";
import { LRUCache } from "lru-cache";
import mime from "mime-types";
import { isNotModified, notModifiedResponse } from "../lib/http/conditional.ts";
import { encodedEtag, isCompressible, selectContentCoding, type ContentCoding } from "./content-encoding.ts";
import { computeStrongEtag } from "../lib/http/etag.ts";
import { listStaticCandidates } from "./function-routes.ts";
import { notFoundResponse } from "../lib/http/not-found.ts";
import { answerStaticMethod } from "./static-methods.ts";

const compressors: Record<ContentCoding, (body: Uint8Array) => Promise<Uint8Array<ArrayBuffer>>> = {
  // Quality 5: most of Brotli's gain at a small part of quality 11's cost, which matters for the multi-MiB datasets.
  br: async (body) =>
    new Uint8Array(await promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })),
  gzip: async (body) => new Uint8Array(await promisify(gzip)(body, { level: 6 })),
};

/** Bytes of file bodies and compressed variants kept in memory: the datasets, feeds and pages in use, at 10k reviews too. */
export const DEFAULT_CACHED_BYTES = 48 * 1024 * 1024;

export interface StaticFile {
  /** Where the bytes are on disk. */
  path: string;
  /** Of the bytes last read; a file rewritten on disk gets the tag of its new bytes when they are read (serve). */
  etag: string;
  contentType: string | null;
  compressible: boolean;
}

export interface StaticFiles {
  /** The file that answers a URL path, as the CDN finds it (path, then `.html`, then `/index.html`). */
  find: (pathname: string) => StaticFile | null;
  /** The response for a found file: method check, conditional request, encoding, headers. */
  serve: (request: Request, pathname: string, file: StaticFile) => Response | Promise<Response>;
  size: number;
}

/** A percent-decoded path, or "" for bad encoding (which names no file). */
function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return "";
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function loadHeaderRules(publishDir: string, netlifyConfigPath: string): Promise<Header[]> {
  const { headers, errors } = await parseAllHeaders({ headersFiles: [join(publishDir, "_headers")], netlifyConfigPath, configHeaders: [], minimal: false });
  if (errors.length > 0) throw new Error(`Header rules are invalid:\n${errors.map((error) => error.message).join("\n")}`);
  return headers as Header[];
}

/** A body as served: the identity bytes or a compressed variant, and the strong tag of exactly those bytes. */
interface Body {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

export async function loadStaticFiles(publishDir: string, netlifyConfigPath: string, cachedBytes = DEFAULT_CACHED_BYTES): Promise<StaticFiles> {
  const rules = await loadHeaderRules(publishDir, netlifyConfigPath);
  const files = new Map<string, StaticFile>();
  for (const path of listFiles(publishDir)) {
    const urlPath = `/${relative(publishDir, path).split(sep).join("/")}`;
    const contentType = mime.contentType(extname(path)) || null;
    const bytes = readFileSync(path);
    files.set(urlPath, { path, etag: computeStrongEtag(bytes), contentType, compressible: isCompressible(contentType) && bytes.byteLength > 0 });
  }

  /**
   * Bodies by file and coding. The identity bytes are read again when they
   * have left the cache; their tag is computed from what was read, so the
   * tag always names the bytes sent, even when a build rewrote the file
   * since start-up (the deploy event then reloads everything).
   */
  const bodies: LRUCache<string, Body, StaticFile> = new LRUCache<string, Body, StaticFile>({
    maxSize: cachedBytes,
    sizeCalculation: (body) => Math.max(1, body.bytes.byteLength),
    fetchMethod: async (key, _stale, { context: file }): Promise<Body> => {
      const coding = key.slice(0, key.indexOf(" ")) as ContentCoding | "identity";
      if (coding === "identity") {
        const read = await readFile(file.path);
        const bytes = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
        file.etag = computeStrongEtag(bytes);
        return { bytes, etag: file.etag };
      }
      const identity: Body | undefined = await bodies.fetch(`identity ${file.path}`, { context: file });
      return { bytes: await compressors[coding](identity!.bytes), etag: encodedEtag(identity!.etag, coding) };
    },
  });

  // Headers per requested path (rules match the path asked for, not the file's): a few per file, cached.
  const headersByPath = new LRUCache<string, Record<string, string>>({ max: 10_000 });
  const headersFor = (pathname: string, file: StaticFile): Record<string, string> => {
    let headers = headersByPath.get(pathname);
    if (headers === undefined) {
      headers = { age: "0", "cache-control": "public, max-age=0, must-revalidate" };
      if (file.contentType !== null) headers["content-type"] = file.contentType;
      for (const rule of rules) if (rule.forRegExp.test(pathname)) for (const [name, value] of Object.entries(rule.values)) headers[name.toLowerCase()] = value;
      if (file.compressible) headers.vary = "Accept-Encoding";
      headersByPath.set(pathname, headers);
    }
    return headers;
  };

  const respond = (request: Request, headers: Record<string, string>, body: Body, coding: ContentCoding | null): Response => {
    const all: Record<string, string> = { ...headers, etag: body.etag };
    if (coding !== null) all["content-encoding"] = coding;
    // HEAD: no body, and the length the GET would have (RFC 9110 §9.3.2).
    if (request.method === "HEAD") return new Response(null, { status: 200, headers: { ...all, "content-length": String(body.bytes.byteLength) } });
    return new Response(body.bytes, { status: 200, headers: all });
  };

  return {
    size: files.size,
    find(pathname) {
      for (const candidate of listStaticCandidates(pathname)) {
        const file = files.get(candidate) ?? (candidate.includes("%") ? files.get(decodePath(candidate)) : undefined);
        if (file !== undefined) return file;
      }
      return null;
    },
    serve(request, pathname, file) {
      const refused = answerStaticMethod(request.method);
      if (refused !== null) return refused;
      const headers = headersFor(pathname, file);
      const coding = file.compressible ? selectContentCoding(request.headers.get("accept-encoding")) : null;
      // A 304 needs only the tag (RFC 9110 §15.4.5), so it never waits for the bytes.
      const etag = coding === null ? file.etag : encodedEtag(file.etag, coding);
      // The dataset files' Last-Modified comes from their header rule (static-headers.ts); the others have none.
      if (isNotModified(request.method, request.headers, { etag, lastModified: headers["last-modified"] ?? null })) {
        return notModifiedResponse(new Headers({ ...headers, etag, ...(coding === null ? {} : { "content-encoding": coding }) }));
      }
      const key = `${coding ?? "identity"} ${file.path}`;
      const cached = bodies.get(key);
      if (cached !== undefined) return respond(request, headers, cached, coding);
      return bodies.fetch(key, { context: file }).then(
        (body: Body | undefined) => respond(request, headers, body!, coding),
        // Gone from disk since start-up (a build is replacing dist/): nothing to serve at this path now.
        () => notFoundResponse(request),
      );
    },
  };
}
