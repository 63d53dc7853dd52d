import type { Config } from "@netlify/functions";
import { jsonResponse } from "../../src/lib/http/json-response.ts";
import { createHubContext } from "../../src/platform/websub/create-hub-context.ts";
import { storageUnavailable } from "../../src/lib/websub/hub-workflow.ts";
import { runMaintenance } from "../../src/lib/websub/maintenance.ts";

/**
 * Scheduled every 5 minutes: retries failed deliveries with backoff, ends
 * expired leases and purges old state (docs/websub.md). Locally: POST
 * /.netlify/functions/websub-retry.
 */
const SWEEP_BUDGET_MS = 25_000;

export default async (): Promise<Response> => {
  const ctx = createHubContext();
  try {
    return jsonResponse(200, await runMaintenance(ctx, ctx.now() + SWEEP_BUDGET_MS));
  } catch (error) {
    // Only Blobs calls outside the per-subscription steps (the listings, the recount) get here.
    return storageUnavailable(ctx, error);
  }
};

export const config: Config = { schedule: "*/5 * * * *" };
