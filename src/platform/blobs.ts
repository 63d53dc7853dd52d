import { getStore, type Store } from "@netlify/blobs";

/**
 * Netlify Blobs stores of the service. On Netlify the platform provides the
 * credentials; under the local runtime (@netlify/dev) they point at its
 * file-backed store under .netlify/. Strong consistency: a write is visible
 * to the next read on any instance, which conditional writes rely on.
 */
export const STORE_NAMES = { websub: "websub", mcpSessions: "mcp-sessions" } as const;

export function openStore(name: (typeof STORE_NAMES)[keyof typeof STORE_NAMES]): Store {
  return getStore({ name, consistency: "strong" });
}
