import { randomFillSync } from "node:crypto";
import type { Context } from "@netlify/functions";

/** What stays the same for every call of one server process. */
export interface ContextDefaults {
  site: { id: string; name: string; url: string };
  deploy: { id: string; context: string; published: boolean };
}

export interface CallContext {
  context: Context;
  /** Set-Cookie values the function asked for through `context.cookies`. */
  cookies: string[];
}

/** Netlify's request ids are 26 characters of Crockford base32 (a ULID's alphabet). */
const BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ID_LENGTH = 26;
/** Random bytes for many ids at once: one call into the CSPRNG per 256 requests, not one per request. */
const pool = new Uint8Array(ID_LENGTH * 256);
let poolOffset = pool.length;
export function createRequestId(): string {
  if (poolOffset + ID_LENGTH > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let id = "";
  for (let i = 0; i < ID_LENGTH; i += 1) id += BASE32[pool[poolOffset + i]! & 31];
  poolOffset += ID_LENGTH;
  return id;
}

function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of header?.split(";") ?? []) {
    const at = pair.indexOf("=");
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The `context` argument of a Netlify function (Functions API v2): params,
 * ip, requestId, site, deploy, waitUntil, cookies, json and log. `next` and
 * `rewrite` belong to edge functions; here they throw, as they have nothing
 * to call.
 */
export function createNetlifyContext(options: {
  request: Request;
  url: URL;
  params: Record<string, string>;
  ip: string;
  requestId: string;
  defaults: ContextDefaults;
  waitUntil: (promise: Promise<unknown>) => void;
}): CallContext {
  // Parsed on first use: most functions never read a cookie.
  let jar: Map<string, string> | undefined;
  const cookies: string[] = [];
  const edgeOnly = (): never => {
    throw new Error("context.next() and context.rewrite() exist only in edge functions");
  };
  const context: Context = {
    account: { id: "" },
    cookies: {
      get: (name) => (jar ??= parseCookies(options.request.headers.get("cookie"))).get(name) ?? "",
      set: (input: string | { name: string; value: string }, value?: string) => {
        const cookie = typeof input === "string" ? { name: input, value: value ?? "" } : input;
        cookies.push(`${cookie.name}=${cookie.value}`);
      },
      delete: (input) => {
        const name = typeof input === "string" ? input : input.name;
        cookies.push(`${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
      },
    },
    deploy: options.defaults.deploy,
    geo: {},
    ip: options.ip,
    json: (input) => Response.json(input),
    log: (...data: unknown[]) => console.log(...data),
    next: edgeOnly,
    params: options.params,
    rewrite: edgeOnly,
    requestId: options.requestId,
    server: { region: "local" },
    site: options.defaults.site,
    url: options.url,
    waitUntil: options.waitUntil,
  };
  return { context, cookies };
}
