import { specTypeSchemas, type StandardSchemaV1 } from "@modelcontextprotocol/server";

/** The 2025-era request methods this server answers, with the SDK's own schema of each. */
const REQUEST_SCHEMAS = new Map<string, StandardSchemaV1>([
  ["initialize", specTypeSchemas.InitializeRequest],
  ["ping", specTypeSchemas.PingRequest],
  ["tools/list", specTypeSchemas.ListToolsRequest],
  ["tools/call", specTypeSchemas.CallToolRequest],
  ["resources/list", specTypeSchemas.ListResourcesRequest],
  ["resources/templates/list", specTypeSchemas.ListResourceTemplatesRequest],
  ["resources/read", specTypeSchemas.ReadResourceRequest],
]);

function pathOf(issue: StandardSchemaV1.Issue): string {
  return (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(".") || "params";
}

/**
 * Checks the params of a known 2025-era method before the SDK sees them, so
 * a malformed request is -32602 Invalid params (JSON-RPC §5.1) with a
 * message naming the field, whatever the SDK would say. Unknown methods
 * pass through and get the SDK's -32601. Returns a message for the error,
 * or null when the params are fine.
 */
export function findInvalidParams(method: string, message: unknown): string | null {
  const schema = REQUEST_SCHEMAS.get(method);
  if (schema === undefined) return null;
  const result = schema["~standard"].validate(message);
  if (result instanceof Promise) return null; // the SDK's spec schemas are synchronous
  if (result.issues === undefined) return null;
  return `Invalid params for ${method}: ${result.issues.map((issue) => `${pathOf(issue)}: ${issue.message}`).join("; ")}`;
}
