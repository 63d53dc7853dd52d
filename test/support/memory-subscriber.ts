import type { CallbackAnswer, CallbackClient, CallbackRequest } from "../../src/lib/websub/callback-client.ts";

/**
 * WebSub subscribers in memory: a {@link CallbackClient} that answers the
 * hub's requests itself, with the same per-path behaviours and recorded
 * requests as the HTTPS subscriber (test/support/https-subscriber.ts), but
 * no network, TLS or guard. For unit tests of the workflow; the transport
 * and the guard have their own tests over real HTTPS.
 */
export interface MemoryRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Header names in lower case, as a server sees them. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface MemoryBehaviour {
  /** Answer to a verification GET: echo the challenge, answer a wrong body, or answer this status. */
  verify: "echo" | "wrong" | number;
  /** Status answered to a content delivery POST. */
  deliver: number;
  /** Fail the connection instead of answering (as a refused connection or a timeout does). */
  unreachable?: boolean;
}

export interface MemorySubscriber {
  client: CallbackClient;
  url: (path: string) => string;
  setBehaviour: (path: string, behaviour: Partial<MemoryBehaviour>) => void;
  requests: (path?: string) => MemoryRequest[];
}

export const SUBSCRIBER_HOST = "subscriber.example";
const DEFAULT_BEHAVIOUR: MemoryBehaviour = { verify: "echo", deliver: 200 };
const text = (body: string) => new TextEncoder().encode(body);

export function createMemorySubscriber(): MemorySubscriber {
  const behaviours = new Map<string, MemoryBehaviour>();
  const recorded: MemoryRequest[] = [];
  const answer = (request: CallbackRequest, url: URL, behaviour: MemoryBehaviour): CallbackAnswer => {
    if (request.method === "GET" && url.searchParams.has("hub.challenge")) {
      if (behaviour.verify === "echo") return { status: 200, body: text(url.searchParams.get("hub.challenge")!), truncated: false };
      if (behaviour.verify === "wrong") return { status: 200, body: text("not-the-challenge"), truncated: false };
      return { status: behaviour.verify, body: new Uint8Array(), truncated: false };
    }
    return { status: request.method === "POST" ? behaviour.deliver : 200, body: new Uint8Array(), truncated: false };
  };
  const client: CallbackClient = {
    send: async (request) => {
      const url = new URL(request.url);
      const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
      recorded.push({ method: request.method, path: url.pathname, query: url.searchParams, headers, body: Buffer.from(request.body ?? new Uint8Array()) });
      const behaviour = behaviours.get(url.pathname) ?? DEFAULT_BEHAVIOUR;
      if (behaviour.unreachable) throw Object.assign(new Error(`connect ECONNREFUSED ${url.host}`), { code: "ECONNREFUSED" });
      return answer(request, url, behaviour);
    },
  };
  return {
    client,
    url: (path) => `https://${SUBSCRIBER_HOST}${path}`,
    setBehaviour: (path, behaviour) => behaviours.set(path, { ...(behaviours.get(path) ?? DEFAULT_BEHAVIOUR), ...behaviour }),
    requests: (path) => (path === undefined ? [...recorded] : recorded.filter((r) => r.path === path)),
  };
}
