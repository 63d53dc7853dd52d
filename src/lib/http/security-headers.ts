import { createHash } from "node:crypto";

/**
 * The site's security headers, declared once: the build writes them into dist/_headers
 * (static-headers.ts) for the CDN and both local servers, and the functions, which no header rule
 * reaches, send the same from code. docs/security-headers.md explains each value.
 */

/** Every response: the declared Content-Type is the type, never sniffed from the bytes. */
export const NOSNIFF_HEADERS: Readonly<Record<string, string>> = { "X-Content-Type-Options": "nosniff" };

/**
 * Every file of the site. HSTS is for deploys (RFC 6797): browsers ignore it
 * over plain HTTP (§8.1), so the local servers send it too; one year, this
 * host only (includeSubDomains would bind the business's other hosts).
 */
export const SITE_HEADERS: Readonly<Record<string, string>> = {
  ...NOSNIFF_HEADERS,
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Strict-Transport-Security": "max-age=31536000",
};

/**
 * The pages' Content-Security-Policy: nothing from another origin, scripts only as files (JSON-LD
 * blocks are data, which CSP does not run), images also from `data:` (the inline icon), and no
 * framing. `styleHashes` admits inline `<style>` blocks by hash (CSP3 §8.3).
 */
export function formatPageCsp(styleHashes: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${["'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(" ")}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The CSP source of an inline block: `sha256-` and the base64 digest of its exact text (CSP3 §8.3). */
export function hashInlineBlock(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

/**
 * The paths of the pre-rendered pages: the CSP goes to these only, not `/*`, so another kind of
 * path (the CMS at /admin/) sets its own policy. A new kind of page gets a line here;
 * test/integration/security-headers.test.ts checks every built HTML file has the policy.
 */
export const PAGE_PATHS = ["/", "/index.html", "/docs/*", "/reviews/*"] as const;

/** The headers of an HTML page a function answers (the not-found page): the site's and the pages' own. */
export function pageHeaders(styleHashes: readonly string[] = []): Record<string, string> {
  return { ...SITE_HEADERS, "Content-Security-Policy": formatPageCsp(styleHashes) };
}
