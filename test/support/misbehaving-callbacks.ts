import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo, Socket } from "node:net";
import type { TestTls } from "./test-ca.ts";

/**
 * A loopback HTTPS server (127.0.0.1 only) whose callbacks misbehave on
 * purpose, for fault tests of the WebSub hub. Verification GETs (with
 * `hub.challenge`) are always echoed, so a callback can be made active
 * through the hub's real §5.3 path; the chosen behaviour applies to content
 * deliveries (POST), and optionally to §5.2 denial GETs. Every request is
 * recorded when it has been read in full.
 */
export type CallbackBehaviour =
  /** Answers at once with this status (2xx, 4xx, 5xx, 410...). */
  | { kind: "status"; status: number }
  /** Reads the request, then never answers and never closes. */
  | { kind: "hang" }
  /** Reads the request, then resets the TCP connection (RST). */
  | { kind: "reset" }
  /** Answers `status` (default 200) with a body of `bytes`, streamed with backpressure until the client goes away. */
  | { kind: "huge"; bytes: number; status?: number }
  /** Answers 302 (or `status`) with `Location`. */
  | { kind: "redirect"; location: string; status?: number }
  /** Waits `delayMs`, then answers `status` (default 204). */
  | { kind: "slow"; delayMs: number; status?: number };

export interface CallbackOptions {
  /** What a §5.2 denial GET gets: a 200 (default) or no answer at all. */
  denial?: "answer" | "hang";
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** `Date.now()` when the request had been read in full. */
  at: number;
}

export interface MisbehavingServer {
  port: number;
  /** `https://localhost:<port><path>`: the hub resolves the name, pins 127.0.0.1 and checks the certificate. */
  url: (path: string) => string;
  define: (path: string, behaviour: CallbackBehaviour, options?: CallbackOptions) => void;
  requests: (path?: string) => ReceivedRequest[];
  /** Body bytes a `huge` callback handed to its socket before the client closed it, per answer. */
  hugeBytesWritten: (path: string) => number[];
  /** Requests that were received but are still unanswered (hanging). */
  pending: () => number;
  close: () => Promise<void>;
}

const WELL_BEHAVED: CallbackBehaviour = { kind: "status", status: 204 };
const CHUNK = Buffer.alloc(64 * 1024, "x");

function streamHugeBody(res: ServerResponse, bytes: number, status: number, done: (written: number) => void): void {
  let written = 0;
  res.writeHead(status, { "Content-Type": "application/octet-stream" });
  res.once("close", () => done(written));
  const pump = () => {
    while (written < bytes && !res.destroyed) {
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.byteLength, bytes - written));
      written += chunk.byteLength;
      if (!res.write(chunk)) {
        res.once("drain", pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

export async function startMisbehavingServer(tls: TestTls): Promise<MisbehavingServer> {
  const behaviours = new Map<string, { behaviour: CallbackBehaviour; options: CallbackOptions }>();
  const received: ReceivedRequest[] = [];
  const huge = new Map<string, number[]>();
  const rawSockets = new Map<number, Socket>();
  const hanging = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();

  const hang = (res: ServerResponse) => {
    hanging.add(res);
    res.once("close", () => hanging.delete(res));
  };

  const answerDelivery = (req: IncomingMessage, res: ServerResponse, path: string, behaviour: CallbackBehaviour) => {
    switch (behaviour.kind) {
      case "status":
        return void res.writeHead(behaviour.status).end();
      case "hang":
        return hang(res);
      case "reset":
        // The TLS socket cannot send an RST itself; the TCP socket under it can.
        return void (rawSockets.get(req.socket.remotePort ?? -1) ?? req.socket).resetAndDestroy();
      case "huge":
        return streamHugeBody(res, behaviour.bytes, behaviour.status ?? 200, (written) => huge.set(path, [...(huge.get(path) ?? []), written]));
      case "redirect":
        return void res.writeHead(behaviour.status ?? 302, { Location: behaviour.location }).end();
      case "slow": {
        hang(res);
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) res.writeHead(behaviour.status ?? 204).end();
        }, behaviour.delayMs);
        timers.add(timer);
        return;
      }
    }
  };

  const server: Server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "https://localhost");
      received.push({
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      });
      const { behaviour, options } = behaviours.get(url.pathname) ?? { behaviour: WELL_BEHAVED, options: {} };
      const challenge = url.searchParams.get("hub.challenge");
      if (req.method === "GET" && challenge !== null) return void res.writeHead(200, { "Content-Type": "text/plain" }).end(challenge);
      if (req.method === "GET" && url.searchParams.get("hub.mode") === "denied") {
        if (options.denial === "hang") return hang(res);
        return void res.writeHead(200).end();
      }
      if (req.method === "POST") return answerDelivery(req, res, url.pathname, behaviour);
      res.writeHead(405).end();
    });
  });
  // Never close an idle keep-alive connection first: the hub's agent would race its reuse (a spurious reset).
  server.keepAliveTimeout = 60_000;
  server.on("connection", (socket: Socket) => {
    const port = socket.remotePort ?? -1;
    rawSockets.set(port, socket);
    socket.once("close", () => rawSockets.delete(port));
  });
  // Resets and abandoned connections are the point here: they must not surface as server errors.
  server.on("clientError", (_error, socket) => socket.destroy());
  server.on("tlsClientError", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `https://localhost:${port}${path}`,
    define: (path, behaviour, options = {}) => void behaviours.set(path, { behaviour, options }),
    requests: (path) => (path === undefined ? [...received] : received.filter((r) => r.path === path)),
    hugeBytesWritten: (path) => [...(huge.get(path) ?? [])],
    pending: () => hanging.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
