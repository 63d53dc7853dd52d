import type { Config, Context } from "@netlify/functions";
import { isPrivateCallbackAllowed } from "../../src/platform/env.ts";
import { createHubContext } from "../../src/platform/websub/create-hub-context.ts";
import { handleHubRequest } from "../../src/platform/websub/hub-endpoint.ts";
import { HUB_RATE_LIMIT } from "../../src/platform/rate-limits.ts";

/** The WebSub hub (docs/interface.md §4.8, §6; docs/websub.md). Verification runs after the 202 via waitUntil. */
export default (request: Request, context: Context): Promise<Response> =>
  handleHubRequest(request, createHubContext(), {
    waitUntil: (promise) => context.waitUntil(promise),
    allowPrivate: isPrivateCallbackAllowed(),
  });

export const config: Config = { path: "/api/websub/hub", rateLimit: HUB_RATE_LIMIT };
