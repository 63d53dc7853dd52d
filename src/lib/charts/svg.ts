/**
 * The few SVG primitives the chart builders share. Charts are rendered to a
 * string at build time (no client JavaScript); every value they interpolate
 * goes through `escapeXml`, since review text and labels come from content.
 */

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Escapes text for an XML text node or a double-quoted attribute. */
export function escapeXml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/** `name="value"` pairs, escaped, in the given order (stable bytes for stable ETags). */
export function formatAttributes(attributes: Record<string, string | number | undefined>): string {
  return Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}="${escapeXml(value)}"`)
    .join(" ");
}

/** An element with attributes; self-closing unless `children` (already escaped) is given. */
export function renderElement(name: string, attributes: Record<string, string | number | undefined>, children?: string): string {
  const attrs = formatAttributes(attributes);
  const open = attrs === "" ? name : `${name} ${attrs}`;
  return children === undefined ? `<${open}/>` : `<${open}>${children}</${name}>`;
}

/** Rounds a coordinate to two decimals so the output is short and stable. */
export function roundCoordinate(value: number): number {
  return Math.round(value * 100) / 100;
}

export interface SvgFrame {
  /** Unique prefix for the ids of `<title>` and `<desc>`, so several charts can share a page. */
  id: string;
  title: string;
  description: string;
  width: number;
  height: number;
  /** Identifies the chart for styling and tests: `data-chart`. */
  kind: string;
}

/**
 * The outer `<svg>`: `role="img"` with `aria-labelledby` naming its `<title>`
 * and `<desc>` (SVG-AAM: a labelled graphic), and a viewBox so it scales to
 * its container.
 */
export function renderSvgFrame(frame: SvgFrame, body: string): string {
  const titleId = `${frame.id}-title`;
  const descId = `${frame.id}-desc`;
  const attributes = formatAttributes({
    xmlns: "http://www.w3.org/2000/svg",
    viewBox: `0 0 ${frame.width} ${roundCoordinate(frame.height)}`,
    width: frame.width,
    height: roundCoordinate(frame.height),
    role: "img",
    "aria-labelledby": `${titleId} ${descId}`,
    class: "chart",
    "data-chart": frame.kind,
  });
  return `<svg ${attributes}><title id="${escapeXml(titleId)}">${escapeXml(frame.title)}</title><desc id="${escapeXml(descId)}">${escapeXml(frame.description)}</desc>${body}</svg>`;
}
