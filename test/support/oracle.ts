import type { ReviewsDataset } from "../../src/lib/schema/dataset.ts";
import type { ReviewRecord } from "../../src/lib/schema/review.ts";

/**
 * An independent, deliberately naive reading of the search semantics in
 * docs/design.md, used to check the real implementation. It shares no code with
 * src/lib/search.
 */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .split("")
    .filter((char) => !/\p{Mark}/u.test(char))
    .join("")
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .join(" ");

export function oracleTechnicianIds(dataset: ReviewsDataset, value: string): string[] {
  const wanted = fold(value);
  const exact = dataset.business.technicians.filter((t) => fold(t.id) === wanted || fold(t.name) === wanted);
  if (exact.length > 0) return exact.map((t) => t.id);
  const byFirst = dataset.business.technicians.filter((t) => fold(t.name.split(" ")[0]!) === wanted);
  return byFirst.length === 1 ? [byFirst[0]!.id] : [];
}

export function oracleMatches(dataset: ReviewsDataset, review: ReviewRecord, params: Record<string, string>): boolean {
  for (const [key, value] of Object.entries(params)) {
    switch (key) {
      case "rating":
        if (review.rating !== Number(value)) return false;
        break;
      case "min_rating":
        if (!(review.rating >= Number(value))) return false;
        break;
      case "since":
        if (review.date < value) return false;
        break;
      case "until":
        if (review.date > value) return false;
        break;
      case "query":
        if (!fold(review.text).includes(fold(value)) && !fold(review.title ?? "").includes(fold(value))) return false;
        break;
      case "mentions_technician": {
        const ids = oracleTechnicianIds(dataset, value);
        if (!review.technicians.some((t) => ids.includes(t.id))) return false;
        break;
      }
      case "mentions_service":
        if (!review.services.some((s) => s.id === value)) return false;
        break;
      case "aspect":
        if (!review.aspects.some((a) => a.aspect === value && (params.sentiment === undefined || a.sentiment === params.sentiment))) return false;
        break;
      case "sentiment":
        if (!review.aspects.some((a) => a.sentiment === value && (params.aspect === undefined || a.aspect === params.aspect))) return false;
        break;
      case "limit":
      case "offset":
        break;
      default:
        throw new Error(`oracle does not know ${key}`);
    }
  }
  return true;
}

export function oracleSearch(dataset: ReviewsDataset, params: Record<string, string>): ReviewRecord[] {
  const sorted = [...dataset.reviews].sort((a, b) => (a.date !== b.date ? b.date.localeCompare(a.date) : a.id.localeCompare(b.id)));
  return sorted.filter((review) => oracleMatches(dataset, review, params));
}
