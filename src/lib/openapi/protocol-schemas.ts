import * as z from "../zod.ts";

/** JSON-RPC 2.0 shapes of `POST /mcp`, for documentation; the MCP SDK validates the real traffic. */
export const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.int()]).optional().describe("Absent for notifications"),
  method: z.string().describe("initialize, tools/list, tools/call, resources/list, resources/read, ping, ..."),
  params: z.record(z.string(), z.unknown()).optional(),
});

export const JsonRpcResponseSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.int(), z.null()]),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).optional(),
});
