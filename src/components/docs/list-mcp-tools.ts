/**
 * The MCP tools exactly as `tools/list` returns them, read at build time from
 * the same tool definitions the server lists (create-mcp-server.ts TOOLS,
 * each `listing()` being the tools/list entry). No SDK server or client is
 * booted: the listing is plain data, so the docs list every tool, its
 * description and its arguments without a copy to drift.
 */
import { TOOLS } from "../../mcp/create-mcp-server.ts";
import { listFields, type ParameterDoc } from "./openapi-operations.ts";

export interface McpToolDoc {
  name: string;
  title: string | null;
  description: string;
  arguments: ParameterDoc[];
  readOnly: boolean;
}

export function listMcpTools(): McpToolDoc[] {
  return TOOLS.map((tool) => {
    const listed = tool.listing();
    return {
      name: listed.name,
      title: listed.title ?? listed.annotations?.title ?? null,
      description: listed.description ?? "",
      arguments: listFields(listed.inputSchema),
      readOnly: listed.annotations?.readOnlyHint === true,
    };
  });
}
