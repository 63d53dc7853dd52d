import type { ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import type { TestTls } from "./test-ca.ts";

/**
 * A real WebSub subscriber over HTTPS on loopback (127.0.0.1), for tests
 * and the benchmark. Each callback path has its own behaviour; every request
 * is recorded. Callback URLs use the name `localhost`, so the hub resolves
 * it, pins the address and checks the certificate against the name.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface CallbackBehaviour {
  /** Answer to a verification GET: echo the challenge, answer a wrong body, or answer this status. */
  verify: "echo" | "wrong" | number;
  /** Status answered to a content delivery POST. */
  deliver: number;
  /** Wait this long before answering a verification GET. */
  verifyDelayMs?: number;
}

export interface HttpsSubscriber {
  port: number;
  url: (path: string) => string;
  setBehaviour: (path: string, behaviour: Partial<CallbackBehaviour>) => void;
  requests: (path?: string) => RecordedRequest[];
  /** Requests received by method, counted even when recording is off (the benchmark). */
  counts: () => Record<string, number>;
  waitFor: (predicate: (requests: RecordedRequest[]) => boolean, timeoutMs?: number) => Promise<RecordedRequest[]>;
  /** Resolves once no request arrived for `quietMs` (to assert that nothing else comes). */
  settle: (quietMs?: number) => Promise<void>;
  close: () => Promise<void>;
}

const DEFAULT_BEHAVIOUR: CallbackBehaviour = { verify: "echo", deliver: 200 };

function answerVerification(res: ServerResponse, behaviour: CallbackBehaviour, challenge: string): void {
  if (behaviour.verify === "echo") res.writeHead(200, { "Content-Type": "text/plain" }).end(challenge);
  else if (behaviour.verify === "wrong") res.writeHead(200, { "Content-Type": "text/plain" }).end("not-the-challenge");
  else res.writeHead(behaviour.verify).end();
}

export async function startHttpsSubscriber(tls: TestTls, options: { record?: boolean } = {}): Promise<HttpsSubscriber> {
  const behaviours = new Map<string, CallbackBehaviour>();
  const recorded: RecordedRequest[] = [];
  let lastRequestAt = Date.now();
  const counts: Record<string, number> = {};
  const server: Server = createServer({ cert: tls.certPem, key: tls.keyPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      lastRequestAt = Date.now();
      counts[req.method ?? ""] = (counts[req.method ?? ""] ?? 0) + 1;
      const url = new URL(req.url ?? "/", "https://localhost");
      const entry: RecordedRequest = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      if (options.record !== false) recorded.push(entry);
      const behaviour = behaviours.get(url.pathname) ?? DEFAULT_BEHAVIOUR;
      if (req.method === "GET" && url.searchParams.has("hub.challenge")) {
        if (behaviour.verifyDelayMs) {
          setTimeout(() => answerVerification(res, behaviour, url.searchParams.get("hub.challenge")!), behaviour.verifyDelayMs);
          return;
        }
        answerVerification(res, behaviour, url.searchParams.get("hub.challenge")!);
        return;
      }
      if (req.method === "POST") {
        res.writeHead(behaviour.deliver).end();
        return;
      }
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const select = (path?: string) => (path === undefined ? [...recorded] : recorded.filter((r) => r.path === path));
  return {
    port,
    url: (path) => `https://localhost:${port}${path}`,
    setBehaviour: (path, behaviour) => behaviours.set(path, { ...(behaviours.get(path) ?? DEFAULT_BEHAVIOUR), ...behaviour }),
    requests: select,
    counts: () => ({ ...counts }),
    waitFor: async (predicate, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (predicate(select())) return select();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`subscriber: condition not met within ${timeoutMs} ms; saw ${recorded.map((r) => `${r.method} ${r.path}?${r.query}`).join(", ")}`);
    },
    settle: async (quietMs = 1500) => {
      while (Date.now() - lastRequestAt < quietMs) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
