/**
 * The MCP revisions this endpoint serves. 2026-07-28 is the stateless
 * "modern" era (per-request `_meta`, server/discover; served by the SDK's
 * createMcpHandler). The three 2025 revisions are the "legacy" era
 * (initialize, Mcp-Session-Id; served by our session layer over the SDK's
 * transport), as docs/interface.md §4.6 describes. 2024 revisions are not
 * offered: an initialize asking for one gets the newest legacy revision back.
 */
export const MODERN_PROTOCOL_VERSIONS = ["2026-07-28"] as const;
export const LEGACY_PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26"] as const;

/** The one revision served here that has JSON-RPC batches (2025-06-18 removed them). */
export const BATCHING_PROTOCOL_VERSION = "2025-03-26";

/** Every revision, newest first, as the SDK's `supportedProtocolVersions` takes them. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS];

export function isLegacyProtocolVersion(version: string): boolean {
  return (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}
