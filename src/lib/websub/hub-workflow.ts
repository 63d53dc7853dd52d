import { dropBodyForHead, errorResponse, jsonResponse } from "../http/json-response.ts";
import { validationErrorResponse } from "../http/validation-error.ts";
import { readHubForm } from "./hub-form.ts";
import { parseHubRequest, type SubscriptionRequest } from "./hub-request.ts";
import { subscriptionKey } from "./keys.ts";
import { clampLeaseSeconds } from "./lease.ts";
import { parseSubscriptionRecord } from "./subscription-record.ts";
import { findFullCap } from "./counters.ts";
import type { HubContext } from "./hub-context.ts";
import { publishTopics } from "./publish.ts";
import { verifyAndApply } from "./verification.ts";

export interface HubWorkflowOptions {
  /** `context.waitUntil`: keeps background work (verification, publish) running after the 202. */
  waitUntil: (promise: Promise<unknown>) => void;
  /**
   * The callback guard's early answer, with no traffic to the callback: why
   * it refuses `url`, or null when it would let it through (the verification
   * re-checks). Anything it throws counts as a storage-side failure (503).
   */
  findCallbackRefusal: (url: URL) => Promise<string | null>;
}

const NO_STORE = { "Cache-Control": "no-store" };
/** After this long a background publish starts no new delivery; the scheduled function picks up the rest. */
const PUBLISH_BUDGET_MS = 20_000;

/** The store failed: answer 503 and change nothing (every write is conditional, so nothing half-done remains). */
export function storageUnavailable(ctx: HubContext, error: unknown): Response {
  ctx.log(`storage unavailable: ${(error as Error).message}`);
  return errorResponse(503, "storage_unavailable", "The hub cannot reach its subscription store right now; retry in a minute.", {
    "Retry-After": "60",
    ...NO_STORE,
  });
}

async function acceptSubscriptionRequest(ctx: HubContext, request: SubscriptionRequest, options: HubWorkflowOptions): Promise<Response> {
  // Refuse callbacks the guard will never reach now, with no traffic to them (the verification re-checks).
  const refusal = await options.findCallbackRefusal(new URL(request.callback));
  if (refusal !== null) return errorResponse(400, "callback_refused", `hub.callback is refused: ${refusal}`, NO_STORE);
  const host = new URL(request.callback).hostname.toLowerCase();
  if (request.mode === "subscribe") {
    try {
      const existing = parseSubscriptionRecord(await ctx.store.get(subscriptionKey(request.topic.url, request.callback)));
      const full = existing?.state === "active" ? null : await findFullCap(ctx.store, host, ctx.limits);
      if (full !== null) {
        const what =
          full === "host"
            ? `${ctx.limits.maxSubscriptionsPerHost} subscriptions per callback host`
            : `${ctx.limits.maxSubscriptionsTotal} subscriptions in total`;
        return errorResponse(403, "subscription_limit", `The hub allows at most ${what}; unsubscribe another callback first.`, NO_STORE);
      }
    } catch (error) {
      return storageUnavailable(ctx, error);
    }
  }
  const leaseSeconds = clampLeaseSeconds(request.leaseSeconds);
  const intent = {
    mode: request.mode,
    topic: request.topic.url,
    callback: request.callback,
    host,
    secret: request.secret ?? null,
    leaseSeconds,
    requestedAt: ctx.now(),
  };
  options.waitUntil(verifyAndApply(ctx, intent).catch((error: unknown) => ctx.log(`verification of ${host} failed: ${(error as Error).message}`)));
  return jsonResponse(
    202,
    {
      status: "verification_pending",
      mode: request.mode,
      topic: request.topic.url,
      callback: request.callback,
      ...(request.mode === "subscribe" ? { lease_seconds: leaseSeconds } : {}),
    },
    NO_STORE,
  );
}

/**
 * `POST /api/websub/hub` (docs/interface.md §4.8, §6; W3C WebSub §5.1): valid
 * subscribe and unsubscribe requests get 202 and are verified in the
 * background (§5.3); invalid ones get a 4xx JSON `{error, message}` and no
 * verification GET. `hub.mode=publish` runs the diff in the background.
 */
export async function runHubWorkflow(request: Request, ctx: HubContext, options: HubWorkflowOptions): Promise<Response> {
  return dropBodyForHead(request, await answerHubRequest(request, ctx, options));
}

async function answerHubRequest(request: Request, ctx: HubContext, options: HubWorkflowOptions): Promise<Response> {
  const form = await readHubForm(request, ctx.limits.maxRequestBytes);
  if (form instanceof Response) return form;
  const parsed = parseHubRequest(form, ctx.topics, ctx.limits);
  if (!parsed.ok) return validationErrorResponse(parsed.issues);
  const hubRequest = parsed.value;
  if (hubRequest.mode === "publish") {
    options.waitUntil(publishTopics(ctx, [hubRequest.topic], ctx.now() + PUBLISH_BUDGET_MS));
    return jsonResponse(202, { status: "publish_accepted", topic: hubRequest.topic.url }, NO_STORE);
  }
  try {
    return await acceptSubscriptionRequest(ctx, hubRequest, options);
  } catch (error) {
    return storageUnavailable(ctx, error);
  }
}
