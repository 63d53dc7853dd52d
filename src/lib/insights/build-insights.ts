import type { Content } from "../content/validate-content.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { ReviewAspect, ReviewContent, ReviewRecord } from "../schema/review.ts";
import type { Insights } from "../schema/insights.ts";
import { analyzeReviewText } from "./absa/analyze-review.ts";
import { createQuotePicker } from "./aspects/pick-aspect-quotes.ts";
import { countAspectMentions } from "./aspects/summarize-aspects.ts";
import { describeEntities } from "./entities/describe-entities.ts";
import { createAreaFinder, findServiceMentions } from "./entities/find-services.ts";
import { buildHighlights } from "./summary/build-highlights.ts";
import { fillSummaryFigures } from "./summary/fill-figures.ts";
import { buildThemes } from "./themes/build-themes.ts";

/**
 * Aspect-based sentiment of one review: at most one entry per aspect, with
 * the review-level polarity (mixed when the review holds both) and the most
 * representative sentence, verbatim, as evidence.
 */
export function analyzeReview(review: ReviewContent): ReviewAspect[] {
  return analyzeReviewText({ text: review.text, rating: review.rating, technicians: review.technicians });
}

/** Everything `/insights.json` holds, computed from the dataset (whose reviews already carry their aspects). */
export function buildInsights(dataset: ReviewsDataset, content: Pick<Content, "faq" | "summary">): Insights {
  const { business, reviews } = dataset;
  const roster = business.technicians.map((t) => ({ id: t.id, name: t.name }));
  const serviceIds = business.services.map((s) => s.id);
  // A technician counts for the reviews that record them, as search's mentions_technician and the list filters read it:
  // a name in the text is often another job ("Kevin did our ducts at the old house").
  const techniciansOf = (review: ReviewRecord) => review.technicians.map((t) => t.id);
  // A review's recorded services and area say what the job was and where (search's mentions_service reads the same
  // field); the text only fills in when none is recorded. Text often names other services and places: "someone else did
  // the sweep", "our old place in Bethlehem", "the mason will call about the mortar".
  const servicesOf = (review: ReviewRecord) => (review.services.length > 0 ? review.services.map((s) => s.id) : findServiceMentions(review.text, serviceIds));
  const findAreas = createAreaFinder(business.service_areas);
  const areasOf = (review: ReviewRecord) => (review.service_area ? [review.service_area.id] : findAreas(review.text));

  const technicians = describeEntities(roster, reviews, techniciansOf);
  const excludedNames = [
    ...business.technicians.map((t) => t.name),
    ...business.service_areas.map((a) => a.name),
    ...reviews.map((r) => r.author.name),
    business.name,
  ];
  const pickQuotes = createQuotePicker(reviews);
  const ratings = reviews.map((review) => review.rating);
  return {
    aspects: countAspectMentions(reviews).map((entry) => ({ ...entry, quotes: pickQuotes(entry.aspect) })),
    entities: {
      technicians,
      services: describeEntities(business.services, reviews, servicesOf),
      service_areas: describeEntities(business.service_areas, reviews, areasOf),
    },
    topics: buildThemes(reviews, excludedNames),
    faq: content.faq,
    summary: {
      headline: content.summary ? fillSummaryFigures(content.summary.headline, ratings) : null,
      text: content.summary ? fillSummaryFigures(content.summary.text, ratings) : null,
      highlights: buildHighlights(reviews, technicians),
    },
  };
}
