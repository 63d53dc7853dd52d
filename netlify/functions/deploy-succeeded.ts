import { errorResponse, jsonResponse } from "../../src/lib/http/json-response.ts";
import { createHubContext } from "../../src/platform/websub/create-hub-context.ts";
import { publishTopics } from "../../src/lib/websub/publish.ts";

/**
 * Netlify's `deploy-succeeded` event function (named after the event):
 * after each deploy, diff the three topics and notify subscribers of those
 * that changed (docs/design.md, "WebSub hub"). Locally: POST
 * /.netlify/functions/deploy-succeeded with `x-netlify-event: deploy_succeeded`.
 */
const FAN_OUT_BUDGET_MS = 20_000;

export default async (request: Request): Promise<Response> => {
  if (request.headers.get("x-netlify-event") !== "deploy_succeeded") {
    return errorResponse(400, "not_a_deploy_event", "This function runs on Netlify's deploy_succeeded event (header x-netlify-event).");
  }
  const ctx = createHubContext();
  const topics = await publishTopics(ctx, ctx.topics, ctx.now() + FAN_OUT_BUDGET_MS);
  return jsonResponse(topics.some((topic) => topic.status === "error") ? 502 : 200, { topics });
};
