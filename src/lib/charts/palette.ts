/**
 * Chart colours, as SVG presentation attributes so a chart reads the same
 * outside the page's stylesheet. Every fill reaches at least 4.5:1 against
 * white (WCAG 2.2 SC 1.4.3 for the text, 1.4.11 for the bars), and no figure
 * is carried by colour alone (SC 1.4.1): each bar has a text label too.
 */
export const CHART_COLORS = {
  text: "#1f2937",
  mutedText: "#4b5563",
  track: "#e5e7eb",
  rating: "#b45309",
  positive: "#15803d",
  mixed: "#6d28d9",
  negative: "#b91c1c",
} as const;
