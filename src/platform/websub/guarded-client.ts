import { lookup } from "node:dns/promises";
import {
  describeAddressProblem,
  describeHostNameProblem,
  describeMetadataNameProblem,
  describeMetadataProblem,
  parseIpHost,
} from "../../lib/websub/address-policy.ts";
import type { CallbackClient } from "../../lib/websub/callback-client.ts";
import { createHttpsTransport, type PinnedAddress, type Transport } from "./https-transport.ts";

export type { CallbackClient, CallbackRequest } from "../../lib/websub/callback-client.ts";

/** Every address DNS gives for a name (A and AAAA), in the resolver's order. */
export type Resolver = (hostname: string) => Promise<PinnedAddress[]>;

export const resolveWithDns: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, order: "verbatim" })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

/**
 * Remembers what DNS said for a short while, so a fan-out to many callbacks
 * on one host asks once. Only the answer is cached; every address is vetted
 * on every use, and connections still go to a vetted address only.
 */
export function cacheResolver(resolve: Resolver, ttlMs = 30_000, maxEntries = 1000, now: () => number = Date.now): Resolver {
  const cache = new Map<string, { addresses: PinnedAddress[]; expires: number }>();
  return async (hostname) => {
    const hit = cache.get(hostname);
    if (hit && hit.expires > now()) return hit.addresses;
    const addresses = await resolve(hostname);
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(hostname, { addresses, expires: now() + ttlMs });
    return addresses;
  };
}

/** The guard refused a callback before any connection was made. */
export class CallbackRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CallbackRefusedError";
  }
}

export interface GuardOptions {
  /** `WEBSUB_ALLOW_PRIVATE_CALLBACKS`: lifts the address rule but for metadata services (HTTPS and certificates still apply). */
  allowPrivate: boolean;
  resolve: Resolver;
}

/**
 * The SSRF guard's decision (docs/design.md: "Callbacks reach only the public internet"): the
 * callback must be HTTPS and every address of its host public unicast, so one private address
 * refuses the name whole. Returns the vetted addresses, IPv4 first; the transport connects only to
 * one of these, so a second DNS answer (rebinding) is never used.
 */
export async function vetCallbackTarget(url: URL, options: GuardOptions): Promise<PinnedAddress[]> {
  if (url.protocol !== "https:") throw new CallbackRefusedError(`${url.protocol} callbacks are refused; only https:// is allowed`);
  const literal = parseIpHost(url.hostname);
  // Allowing private callbacks (local development) lifts every rule but the metadata one.
  const describeAddress = options.allowPrivate ? describeMetadataProblem : describeAddressProblem;
  if (literal === null) {
    const nameProblem = options.allowPrivate ? describeMetadataNameProblem(url.hostname) : describeHostNameProblem(url.hostname);
    if (nameProblem !== null) throw new CallbackRefusedError(nameProblem);
  }
  let addresses: PinnedAddress[];
  if (literal !== null) {
    addresses = [{ address: literal, family: literal.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await options.resolve(url.hostname);
    } catch (error) {
      throw new CallbackRefusedError(`${url.hostname} did not resolve (${(error as { code?: string }).code ?? "error"})`);
    }
  }
  if (addresses.length === 0) throw new CallbackRefusedError(`${url.hostname} has no address`);
  for (const { address } of addresses) {
    const problem = describeAddress(address);
    if (problem !== null) throw new CallbackRefusedError(`${url.hostname} is refused: ${problem}`);
  }
  return [...addresses].sort((a, b) => a.family - b.family);
}

const RETRYABLE_CONNECT_ERRORS = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH", "EADDRNOTAVAIL"]);
const USER_AGENT = "Keystone-WebSub-Hub/1.0 (+https://www.w3.org/TR/websub/)";

/**
 * The only way the hub talks to a callback: guard, then connect to a vetted
 * address. If one address refuses the connection the next vetted one is
 * tried (nothing was sent yet), all within the same time cap.
 */
export function createCallbackClient(options: GuardOptions & { transport?: Transport; extraCa?: readonly string[] }): CallbackClient {
  const transport = options.transport ?? createHttpsTransport(options.extraCa);
  return {
    async send(request) {
      const url = new URL(request.url);
      const deadline = Date.now() + request.timeoutMs;
      const addresses = await vetCallbackTarget(url, options);
      let lastError: unknown;
      for (const address of addresses) {
        const timeoutMs = deadline - Date.now();
        if (timeoutMs <= 0) break;
        try {
          return await transport({
            url,
            address,
            method: request.method,
            headers: { "User-Agent": USER_AGENT, ...request.headers },
            ...(request.body ? { body: request.body } : {}),
            timeoutMs,
            maxAnswerBytes: request.maxAnswerBytes,
          });
        } catch (error) {
          lastError = error;
          if (!RETRYABLE_CONNECT_ERRORS.has((error as { code?: string }).code ?? "")) throw error;
        }
      }
      throw lastError ?? new Error(`no time left to reach ${url.host}`);
    },
  };
}
