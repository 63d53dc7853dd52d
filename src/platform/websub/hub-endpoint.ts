import type { HubContext } from "../../lib/websub/hub-context.ts";
import { runHubWorkflow } from "../../lib/websub/hub-workflow.ts";
import { CallbackRefusedError, resolveWithDns, vetCallbackTarget, type Resolver } from "./guarded-client.ts";

export { storageUnavailable } from "../../lib/websub/hub-workflow.ts";

export interface HubEndpointOptions {
  /** `context.waitUntil`: keeps background work (verification, publish) running after the 202. */
  waitUntil: (promise: Promise<unknown>) => void;
  /** `WEBSUB_ALLOW_PRIVATE_CALLBACKS`: lifts the guard's address rule only. */
  allowPrivate: boolean;
  resolve?: Resolver;
}

/**
 * `POST /api/websub/hub` (docs/interface.md §4.8, §6): the hub's workflow
 * (src/lib/websub/hub-workflow.ts) with the SSRF guard's early check wired
 * in, so a callback the guard will never reach is refused with 400
 * `callback_refused` before any verification.
 */
export function handleHubRequest(request: Request, ctx: HubContext, options: HubEndpointOptions): Promise<Response> {
  const guard = { allowPrivate: options.allowPrivate, resolve: options.resolve ?? resolveWithDns };
  return runHubWorkflow(request, ctx, {
    waitUntil: options.waitUntil,
    findCallbackRefusal: async (url) => {
      try {
        await vetCallbackTarget(url, guard);
        return null;
      } catch (error) {
        if (error instanceof CallbackRefusedError) return error.message;
        throw error;
      }
    },
  });
}
