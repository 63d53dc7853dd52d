/**
 * JSON for a `<script type="application/ld+json">` element. Review text is
 * user content, so `<`, `>` and `&` are written as JSON escapes: the HTML
 * parser can then never see `</script>` or `<!--` inside the data, and
 * `JSON.parse` of the element's text still yields the exact values.
 * U+2028/U+2029 are escaped too, for consumers that evaluate it as script.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
