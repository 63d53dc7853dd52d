import { readCappedBody } from "../../lib/http/read-body.ts";
import type { TopicFetcher } from "../../lib/websub/hub-context.ts";

export type { TopicFetcher };

export class TopicFetchError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TopicFetchError";
  }
}

const TOPIC_FETCH_TIMEOUT_MS = 10_000;

/**
 * GETs the topic from `{base_url}` (our own origin, not a callback, so the
 * callback guard does not apply). `Cache-Control: no-cache` asks the CDN for
 * the freshly deployed file.
 */
export const fetchSiteTopic: TopicFetcher = async (url, maxBytes) => {
  let response: Response;
  try {
    response = await fetch(url, { headers: { "Cache-Control": "no-cache" }, redirect: "error", signal: AbortSignal.timeout(TOPIC_FETCH_TIMEOUT_MS) });
  } catch (error) {
    throw new TopicFetchError(`could not fetch topic ${url}: ${(error as Error).message}`, { cause: error });
  }
  if (response.status !== 200) {
    await response.body?.cancel();
    throw new TopicFetchError(`topic ${url} answered ${response.status}`);
  }
  const body = await readCappedBody(response, maxBytes);
  if (!body.ok && body.reason === "too_large") throw new TopicFetchError(`topic ${url} is larger than ${maxBytes} bytes`);
  if (!body.ok) throw new TopicFetchError(`topic ${url} was cut off before its end`);
  return body.value;
};
