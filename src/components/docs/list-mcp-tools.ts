/**
 * The MCP tools exactly as `tools/list` returns them, read at build time by
 * connecting an SDK client to the same `createMcpServer()` the function runs,
 * over the SDK's in-memory transport (no network). The docs therefore list
 * every tool, its description and its arguments without a copy to drift.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { SiteBuild } from "../../lib/site-build.ts";
import { indexDataset } from "../../lib/search/dataset-index.ts";
import { createMcpServer } from "../../mcp/create-mcp-server.ts";
import { listFields, type ParameterDoc } from "./openapi-operations.ts";

export interface McpToolDoc {
  name: string;
  title: string | null;
  description: string;
  arguments: ParameterDoc[];
  readOnly: boolean;
}

export async function listMcpTools(site: Pick<SiteBuild, "dataset" | "insights" | "urls">): Promise<McpToolDoc[]> {
  const server = createMcpServer({ index: indexDataset(site.dataset), insights: site.insights, urls: site.urls });
  const client = new Client({ name: "keystone-docs-build", version: "1.0.0" });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  try {
    const { tools } = await client.listTools();
    return tools.map((tool) => ({
      name: tool.name,
      title: tool.title ?? tool.annotations?.title ?? null,
      description: tool.description ?? "",
      arguments: listFields(tool.inputSchema),
      readOnly: tool.annotations?.readOnlyHint === true,
    }));
  } finally {
    await client.close();
    await server.close();
  }
}
