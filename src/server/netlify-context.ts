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

const EDGE_ONLY = (): never => {
  throw new Error("context.next() and context.rewrite() exist only in edge functions");
};
const NO_GEO = Object.freeze({});
const ACCOUNT = Object.freeze({ id: "" });
const SERVER = Object.freeze({ region: "local" });

/**
 * The `context` argument of a Netlify function (Functions API v2): params,
 * ip, requestId, site, deploy, waitUntil, cookies, json and log. `next` and
 * `rewrite` belong to edge functions; here they throw, as they have nothing
 * to call. A class, so a request costs one object: the methods live on the
 * prototype, and the cookie jar is made only for a function that reads it.
 */
class LocalContext implements Context {
  readonly account = ACCOUNT;
  readonly geo = NO_GEO;
  readonly server = SERVER;
  readonly next = EDGE_ONLY;
  readonly rewrite = EDGE_ONLY;
  readonly deploy: Context["deploy"];
  readonly site: Context["site"];
  readonly ip: string;
  readonly params: Record<string, string>;
  readonly url: URL;
  readonly waitUntil: (promise: Promise<unknown>) => void;
  /** Set-Cookie values asked for through `cookies`. */
  readonly setCookies: string[] = [];
  #request: Request;
  #requestId: string | (() => string);
  #cookies: Context["cookies"] | undefined;

  constructor(options: Parameters<typeof createNetlifyContext>[0]) {
    this.#request = options.request;
    this.deploy = options.defaults.deploy;
    this.site = options.defaults.site;
    this.ip = options.ip;
    this.params = options.params;
    this.#requestId = options.requestId;
    this.url = options.url;
    this.waitUntil = options.waitUntil;
  }

  /** Made on first read: few functions read it. */
  get requestId(): string {
    if (typeof this.#requestId !== "string") this.#requestId = this.#requestId();
    return this.#requestId;
  }

  get cookies(): Context["cookies"] {
    if (this.#cookies !== undefined) return this.#cookies;
    let jar: Map<string, string> | undefined;
    const request = this.#request;
    const out = this.setCookies;
    this.#cookies = {
      get: (name) => (jar ??= parseCookies(request.headers.get("cookie"))).get(name) ?? "",
      set: (input: string | { name: string; value: string }, value?: string) => {
        const cookie = typeof input === "string" ? { name: input, value: value ?? "" } : input;
        out.push(`${cookie.name}=${cookie.value}`);
      },
      delete: (input) => {
        const name = typeof input === "string" ? input : input.name;
        out.push(`${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
      },
    };
    return this.#cookies;
  }

  json(input: unknown): Response {
    return Response.json(input);
  }

  log(...data: unknown[]): void {
    console.log(...data);
  }
}

export function createNetlifyContext(options: {
  request: Request;
  url: URL;
  params: Record<string, string>;
  ip: string;
  /** The id, or how to make it when the function first reads it. */
  requestId: string | (() => string);
  defaults: ContextDefaults;
  waitUntil: (promise: Promise<unknown>) => void;
}): CallContext {
  const context = new LocalContext(options);
  return { context, cookies: context.setCookies };
}
