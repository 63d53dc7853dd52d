import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";

/** The request methods this server answers, with the SDK's own schema of each. */
const REQUEST_SCHEMAS = new Map<string, { safeParse: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }>([
  ["initialize", InitializeRequestSchema],
  ["ping", PingRequestSchema],
  ["tools/list", ListToolsRequestSchema],
  ["tools/call", CallToolRequestSchema],
  ["resources/list", ListResourcesRequestSchema],
  ["resources/templates/list", ListResourceTemplatesRequestSchema],
  ["resources/read", ReadResourceRequestSchema],
]);

/**
 * Checks the params of a known method before the SDK sees them. The SDK
 * reports a request whose params fail its schema as -32603 Internal error;
 * JSON-RPC §5.1 names -32602 Invalid params for that, which we answer
 * instead. Unknown methods pass through and get the SDK's -32601.
 * Returns a message for the error, or null when the params are fine.
 */
export function findInvalidParams(method: string, message: unknown): string | null {
  const schema = REQUEST_SCHEMAS.get(method);
  if (schema === undefined) return null;
  const result = schema.safeParse(message);
  if (result.success) return null;
  const issues = (result.error?.issues ?? []).map((issue) => `${issue.path.map(String).join(".") || "params"}: ${issue.message}`);
  return `Invalid params for ${method}: ${issues.join("; ")}`;
}
