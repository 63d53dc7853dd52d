/**
 * The publish folder, read once at start-up into memory with everything a
 * response needs: bytes, Content-Type, the `netlify.toml` and `_headers`
 * rules, and a strong ETag of the bytes (computed once here, never per
 * request). Compressed variants are made on first demand and kept.
 *
 * Headers follow the emulation (@netlify/static, @netlify/headers) so the
 * two servers agree: `Cache-Control: public, max-age=0, must-revalidate`,
 * the type from the extension (mime-types), then the rules on top.
 */
import { readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { parseAllHeaders, type Header } from "@netlify/headers-parser";
import mime from "mime-types";
import { isNotModified, notModifiedResponse } from "../lib/http/conditional.ts";
import { encodedEtag, isCompressible, selectContentCoding, type ContentCoding } from "../lib/http/content-encoding.ts";
import { computeStrongEtag } from "../lib/http/etag.ts";
import { listStaticCandidates } from "../lib/http/function-routes.ts";
import { answerStaticMethod } from "../lib/http/static-methods.ts";

const compressors: Record<ContentCoding, (body: Uint8Array) => Promise<Uint8Array<ArrayBuffer>>> = {
  // Quality 5: most of Brotli's gain at a small part of quality 11's cost, for a 7 MiB dataset at 10k reviews.
  br: async (body) =>
    new Uint8Array(await promisify(brotliCompress)(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })),
  gzip: async (body) => new Uint8Array(await promisify(gzip)(body, { level: 6 })),
};

interface StaticFile {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  contentType: string | null;
  compressible: boolean;
  variants: Partial<Record<ContentCoding, Promise<{ body: Uint8Array<ArrayBuffer>; etag: string }>>>;
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

export async function loadStaticFiles(publishDir: string, netlifyConfigPath: string): Promise<StaticFiles> {
  const rules = await loadHeaderRules(publishDir, netlifyConfigPath);
  const files = new Map<string, StaticFile>();
  for (const path of listFiles(publishDir)) {
    const urlPath = `/${relative(publishDir, path).split(sep).join("/")}`;
    // A view of the bytes read, not a copy: at 10k reviews dist/ is large, and a copy per file doubles it while loading.
    const read = readFileSync(path);
    const body = new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
    const contentType = mime.contentType(extname(path)) || null;
    files.set(urlPath, { body, etag: computeStrongEtag(body), contentType, compressible: isCompressible(contentType) && body.byteLength > 0, variants: {} });
  }
  // Headers per requested path (rules match the path asked for, not the file's): a few per file, cached.
  const headersByPath = new Map<string, Record<string, string>>();
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

  const variantOf = (file: StaticFile, coding: ContentCoding) =>
    (file.variants[coding] ??= compressors[coding](file.body).then((body) => ({ body, etag: encodedEtag(file.etag, coding) })));

  const respond = (request: Request, headers: Record<string, string>, body: Uint8Array<ArrayBuffer>, etag: string, coding: ContentCoding | null): Response => {
    const all: Record<string, string> = { ...headers, etag };
    if (coding !== null) all["content-encoding"] = coding;
    if (isNotModified(request.method, request.headers, { etag, lastModified: null })) return notModifiedResponse(new Headers(all));
    // HEAD: no body, and the length the GET would have (RFC 9110 §9.3.2).
    if (request.method === "HEAD") return new Response(null, { status: 200, headers: { ...all, "content-length": String(body.byteLength) } });
    return new Response(body, { status: 200, headers: all });
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
      if (coding === null) return respond(request, headers, file.body, file.etag, null);
      return variantOf(file, coding).then((variant) => respond(request, headers, variant.body, variant.etag, coding));
    },
  };
}
