/**
 * Characters XML 1.0 forbids anywhere in a document (§2.2 Char): C0 controls
 * other than tab, LF and CR, lone surrogates, U+FFFE and U+FFFF. Review text
 * is free text, so one stray control character would make the whole feed
 * unparseable; each becomes U+FFFD, the replacement character.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text that can go into any XML text node or attribute once the builder escapes it. */
export function toXmlSafeText(text: string): string {
  return text.replace(NOT_XML_CHAR, "\uFFFD");
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/** Escapes the characters that open markup or references in HTML text (not attributes), so text shows as text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * Plain review text as HTML that shows exactly that text: paragraphs (split on
 * blank lines) become `<p>`, single line breaks `<br>`, and everything else is
 * escaped, so `<img onerror=…>` in a review reaches a feed reader as the
 * characters an editor typed, never as markup.
 */
export function textToHtml(text: string): string {
  return text
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "")
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/[ \t]*\r?\n[ \t]*/g, "<br>")}</p>`)
    .join("");
}

/** A sentence that ends with one full stop, even when the text already ends in one ("… Co."). */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
