/**
 * How the floor (floor-server.ts) tells its answers apart: method, URL, and
 * the two MCP headers that pick an era and a session, since every MCP row
 * posts to the same `/mcp`.
 */
export function floorKey(method: string, url: string, headers: Record<string, string | string[] | undefined>): string {
  return [method, url, headers["mcp-protocol-version"] ?? "", headers["mcp-session-id"] ?? ""].join(" ");
}
