/**
 * Largest accepted POST body: 64 KiB. The biggest legitimate request is a
 * `tools/call` with a 500-character query, well under 2 KiB; the SDK's own
 * 4 MiB cap does not apply because the handler passes `parsedBody`. The body
 * is read by the one capped reader, src/lib/http/read-body.ts.
 */
export const MAX_BODY_BYTES = 64 * 1024;
