import type { SiteUrls } from "../dataset/site-urls.ts";
import type { ReviewsDataset } from "../schema/dataset.ts";
import type { ReviewRecord } from "../schema/review.ts";
import { buildReviewJsonLd, type ItemReviewedRef } from "./review-json-ld.ts";

/**
 * schema.org type of the business. HomeAndConstructionBusiness is the
 * LocalBusiness subtype for trades that work on homes (chimney and duct
 * cleaning included).
 */
export const BUSINESS_TYPE = "HomeAndConstructionBusiness";

const DAY_NAMES: Record<string, string> = {
  Mo: "Monday",
  Tu: "Tuesday",
  We: "Wednesday",
  Th: "Thursday",
  Fr: "Friday",
  Sa: "Saturday",
  Su: "Sunday",
};

/** The business's `@id` on this site, so review pages can point at the one business node. */
export function getBusinessNodeId(urls: SiteUrls): string {
  return `${urls.base}/#business`;
}

/** What a review on its own page names as `itemReviewed`. */
export function buildBusinessRef(dataset: ReviewsDataset, urls: SiteUrls): ItemReviewedRef {
  return { "@type": BUSINESS_TYPE, "@id": getBusinessNodeId(urls), name: dataset.business.name };
}

/**
 * schema.org JSON-LD for the business with its AggregateRating and the reviews the page shows,
 * every value copied from `/reviews.json` (`ratingValue` is `rating_value`, `reviewCount` is
 * `review_count`). Google gives no review rich result for a LocalBusiness's reviews of itself on
 * its own site, so this markup is data for other consumers, not a bid for star snippets.
 */
export function buildLocalBusinessJsonLd(dataset: ReviewsDataset, urls: SiteUrls, reviews: readonly ReviewRecord[]): Record<string, unknown> {
  const { business, aggregate_rating: aggregate } = dataset;
  return {
    "@context": "https://schema.org",
    "@type": BUSINESS_TYPE,
    "@id": getBusinessNodeId(urls),
    name: business.name,
    description: business.description,
    url: business.url,
    telephone: business.telephone,
    email: business.email,
    priceRange: business.price_range,
    foundingDate: String(business.founded),
    address: {
      "@type": "PostalAddress",
      streetAddress: business.address.street_address,
      addressLocality: business.address.locality,
      addressRegion: business.address.region,
      postalCode: business.address.postal_code,
      addressCountry: business.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude },
    openingHoursSpecification: business.opening_hours.map((hours) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: hours.days.map((day) => `https://schema.org/${DAY_NAMES[day]}`),
      opens: hours.opens,
      closes: hours.closes,
    })),
    areaServed: business.service_areas.map((area) => ({ "@type": "City", name: area.name })),
    employee: business.technicians.map((technician) => ({ "@type": "Person", name: technician.name, jobTitle: technician.role })),
    makesOffer: business.services.map((service) => ({
      "@type": "Offer",
      itemOffered: { "@type": "Service", name: service.name, description: service.description },
    })),
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: aggregate.rating_value,
      reviewCount: aggregate.review_count,
      bestRating: aggregate.best_rating,
      worstRating: aggregate.worst_rating,
    },
    review: reviews.map((review) => buildReviewJsonLd(review)),
  };
}

/** A review on its own page: the Review node, naming the business it is about. */
export function buildStandaloneReviewJsonLd(review: ReviewRecord, dataset: ReviewsDataset, urls: SiteUrls): Record<string, unknown> {
  return { "@context": "https://schema.org", ...buildReviewJsonLd(review, buildBusinessRef(dataset, urls)) };
}

/** Said next to the markup (an HTML comment before the JSON-LD), so nobody mistakes it for a rich-result bid. */
export const JSON_LD_POLICY_NOTE =
  "schema.org markup below is data only. Google's review-snippet guidelines give no rich result for self-serving reviews of a LocalBusiness (reviews a business publishes about itself on its own site), so this JSON-LD is published for other consumers, not for star snippets.";
