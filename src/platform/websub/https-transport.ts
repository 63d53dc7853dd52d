import { Agent, request as httpsRequest } from "node:https";
import type { LookupAddress } from "node:dns";
import { createSecureContext, rootCertificates } from "node:tls";
import type { CallbackAnswer } from "../../lib/websub/callback-client.ts";

export type { CallbackAnswer };

export interface PinnedAddress {
  address: string;
  family: 4 | 6;
}

export interface TransportRequest {
  url: URL;
  /** The vetted address to connect to; DNS is not asked again. */
  address: PinnedAddress;
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: Uint8Array;
  timeoutMs: number;
  maxAnswerBytes: number;
}

/** Sends one request and reads the answer; this is the only code that opens a connection to a callback. */
export type Transport = (request: TransportRequest) => Promise<CallbackAnswer>;

/** A connection to a callback could not be made or finished in time. */
export class CallbackConnectionError extends Error {
  readonly code: string;
  constructor(message: string, code: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CallbackConnectionError";
    this.code = code;
  }
}

/**
 * The HTTPS transport: `https.request` to the pinned, vetted address (a `lookup` that returns only
 * it), with the host name as SNI `servername` so the certificate is checked against the name the
 * subscriber gave. `extraCa` adds trust anchors (tests, the benchmark) to the public roots and
 * never removes a check. Redirects are not followed.
 */
const MAX_AGENTS = 64;

export function createHttpsTransport(extraCa: readonly string[] = []): Transport {
  // One TLS context for every request: building one per request re-parses the whole root store.
  const secureContext = createSecureContext(extraCa.length > 0 ? { ca: [...rootCertificates, ...extraCa] } : {});
  // Keep-alive agents, one per (name, port, vetted address): a fan-out to many callbacks on one host reuses
  // its TLS connections, and a connection is never reused for another address. Idle sockets are unref'd so
  // they never keep a function alive, and close after a few seconds.
  const agents = new Map<string, Agent>();
  const agentFor = (key: string): Agent => {
    let agent = agents.get(key);
    if (agent === undefined) {
      if (agents.size >= MAX_AGENTS) {
        const [oldestKey, oldest] = agents.entries().next().value!;
        agents.delete(oldestKey);
        oldest.destroy();
      }
      agent = new Agent({ keepAlive: true, maxSockets: 8, maxFreeSockets: 8, timeout: 5_000, secureContext, rejectUnauthorized: true });
      agent.on("free", (socket: { unref: () => void }) => socket.unref());
      agents.set(key, agent);
    }
    return agent;
  };
  return (request) =>
    new Promise<CallbackAnswer>((resolve, reject) => {
      const { url, address } = request;
      const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
      const isIpHost = hostname === address.address;
      const pinned: LookupAddress = { address: address.address, family: address.family };
      const req = httpsRequest({
        protocol: "https:",
        host: hostname,
        port: url.port === "" ? 443 : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: { ...request.headers, ...(request.body ? { "Content-Length": String(request.body.byteLength) } : {}) },
        ...(isIpHost ? {} : { servername: hostname }),
        lookup: (_name, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, [pinned]);
          else (callback as (e: null, a: string, f: number) => void)(null, pinned.address, pinned.family);
        },
        agent: agentFor(`${hostname}|${url.port}|${address.address}`),
        rejectUnauthorized: true,
      });
      const timer = setTimeout(
        () => req.destroy(new CallbackConnectionError(`no complete answer within ${request.timeoutMs} ms`, "ETIMEDOUT")),
        request.timeoutMs,
      );
      const fail = (error: Error) => {
        clearTimeout(timer);
        const code = (error as { code?: string }).code ?? "ERROR";
        reject(error instanceof CallbackConnectionError ? error : new CallbackConnectionError(error.message, code, { cause: error }));
      };
      req.once("error", fail);
      req.once("response", (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const finish = () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: new Uint8Array(Buffer.concat(chunks)), truncated });
        };
        res.on("data", (chunk: Buffer) => {
          if (truncated) return;
          const room = request.maxAnswerBytes - size;
          if (chunk.byteLength > room) {
            chunks.push(chunk.subarray(0, room));
            size += room;
            truncated = true;
            finish();
            res.destroy();
            return;
          }
          chunks.push(chunk);
          size += chunk.byteLength;
        });
        res.once("end", () => {
          if (!truncated) finish();
        });
        res.once("error", (error) => {
          if (!truncated) fail(error);
        });
      });
      req.end(request.body === undefined ? undefined : Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength));
    });
}
