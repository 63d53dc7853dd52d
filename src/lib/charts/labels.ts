/** Display names of the fixed aspect ids (docs/design.md, "Aspect ids"), shared by the charts and the pages. */
const ASPECT_LABELS: Record<string, string> = {
  punctuality: "Punctuality",
  professionalism: "Professionalism",
  cleanliness: "Cleanliness",
  work_quality: "Work quality",
  price_value: "Price and value",
  communication: "Communication",
  scheduling: "Scheduling",
};

/** "work_quality" → "Work quality"; an id the list does not know is humanized rather than dropped. */
export function formatAspectLabel(aspect: string): string {
  const known = ASPECT_LABELS[aspect];
  if (known) return known;
  const words = aspect.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A score from -1 to 1 with an explicit sign and a real minus sign: "+0.53", "−0.20", "0.00". */
export function formatScore(score: number): string {
  const fixed = Math.abs(score).toFixed(2);
  if (fixed === "0.00") return "0.00";
  return `${score > 0 ? "+" : "\u2212"}${fixed}`;
}

/** "1 review", "2 reviews". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
