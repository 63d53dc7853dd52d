/**
 * The hub's outbound port: the only way the workflow talks to a callback.
 * src/platform/websub/guarded-client.ts implements it behind the SSRF guard
 * (HTTPS only, every address public, connection pinned to a vetted address).
 */
export interface CallbackRequest {
  url: string;
  method: "GET" | "POST";
  headers?: Record<string, string>;
  body?: Uint8Array;
  timeoutMs: number;
  maxAnswerBytes: number;
}

export interface CallbackAnswer {
  status: number;
  /** At most `maxAnswerBytes` of the answer body. */
  body: Uint8Array;
  /** The body was longer than the cap and was cut. */
  truncated: boolean;
}

export interface CallbackClient {
  /** Sends one request; a refusal, a timeout or a network error rejects. */
  send: (request: CallbackRequest) => Promise<CallbackAnswer>;
}
