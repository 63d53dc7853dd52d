import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../src/lib/insights/absa/analyze-review.ts";
import type { Aspect, Sentiment } from "../../../src/lib/schema/review.ts";

type Expected = Partial<Record<Aspect, Sentiment>>;

/** Everyday phrasings written for these tests (not taken from the dev set), one or two aspects each. */
describe("analyzeReview: everyday phrasings", () => {
  it.each<[string, number, Expected]>([
    ["They were supposed to come at 10 and didn't show until after 1.", 2, { punctuality: "negative" }],
    ["Our appointment window came and went with no sign of them.", 1, { punctuality: "negative" }],
    ["Arrived within the two hour window.", 4, { punctuality: "positive" }],
    ["The technician was condescending and acted like I was wasting his time.", 1, { professionalism: "negative" }],
    ["He really knew what he was talking about.", 5, { professionalism: "positive" }],
    ["They tried to talk me into a new liner I clearly didn't need.", 2, { professionalism: "negative" }],
    ["He scratched our hardwood floor dragging the vacuum.", 2, { professionalism: "negative" }],
    ["The guy spent maybe 15 minutes and charged me $300. Felt like a ripoff.", 1, { professionalism: "negative", price_value: "negative" }],
    ["They covered everything in plastic before starting.", 5, { cleanliness: "positive" }],
    ["I spent an hour cleaning up after them.", 2, { cleanliness: "negative" }],
    ["They left a trail of soot from the fireplace to the door.", 1, { cleanliness: "negative" }],
    ["Still getting smoke in the room every time we light a fire.", 2, { work_quality: "negative" }],
    ["The chimney cap they installed is already rusting.", 2, { work_quality: "negative" }],
    ["The cap they put on is solid.", 5, { work_quality: "positive" }],
    ["The flashing they installed has held up through three nor'easters.", 5, { work_quality: "positive" }],
    ["The cleaning made zero difference in our allergies.", 2, { work_quality: "negative" }],
    ["The final bill was almost double the estimate.", 1, { price_value: "negative" }],
    ["Cheaper than the other two quotes I got.", 5, { price_value: "positive" }],
    ["Prices are on the high side.", 3, { price_value: "negative" }],
    ["The price seemed high until I saw how much work it was.", 5, { price_value: "positive" }],
    ["Wasn't thrilled about the price, but the work is top notch.", 4, { price_value: "negative", work_quality: "positive" }],
    ["I left three voicemails and never heard a word.", 1, { communication: "negative" }],
    ["Not impressed with how long it took to get a callback.", 2, { communication: "negative" }],
    ["Took them a week just to return my call.", 2, { communication: "negative" }],
    ["No one from the office ever followed up on my complaint.", 1, { communication: "negative" }],
    ["Got an appointment for the very next day.", 5, { scheduling: "positive" }],
    ["Earliest they could come was a month out.", 2, { scheduling: "negative" }],
    ["They postponed my appointment three times.", 1, { scheduling: "negative" }],
    ["Booked Tuesday, they came Thursday.", 5, { scheduling: "positive" }],
    // A known failure while batches 368 to 371, 400 to 403 and 420 to 423 were the last to join (communication praise
    // added), until the sentence models' L2 went to 0.0001 (bench/RESULTS.md, "Aspect analysis, thirty-ninth session").
    ["Appointment was confirmed by text and email.", 5, { scheduling: "positive" }],
    ["Quick to respond, slow to actually show up.", 3, { communication: "positive", punctuality: "negative" }],
    ["The job itself was fine, the scheduling was a nightmare.", 2, { work_quality: "positive", scheduling: "negative" }],
    ["Wonderful experience overall.", 5, {}],
    ["The fire department told us to get it inspected.", 5, {}],
  ])("%s", (text, rating, expected) => {
    expect(Object.fromEntries(analyzeReviewText({ text, rating }).map((a) => [a.aspect, a.sentiment]))).toEqual(expected);
  });

  // Work that failed is criticism only; since the sentence models' L2 went to 0.0001 (bench/RESULTS.md, "Aspect
  // analysis, thirty-ninth session") it reads mixed. Pinned with `fails`, so a model that reads it right fails here and
  // the case moves back into the list above.
  it("known failure: The repair didn't last through the winter.", { fails: true }, () => {
    const found = analyzeReviewText({ text: "The repair didn't last through the winter.", rating: 1 });
    expect(Object.fromEntries(found.map((a) => [a.aspect, a.sentiment]))).toEqual({ work_quality: "negative" });
  });

  // The presence model also read work_quality praise here (a pinned known failure) until the sentence detectors learned
  // from bags of sentences, and again for one retraining, while batches 424 to 427 were the last to join.
  it("reads a concession about the cleanup as mixed", () => {
    const found = analyzeReviewText({ text: "Cleaned up nicely, though they missed a spot of soot by the hearth.", rating: 4 });
    expect(Object.fromEntries(found.map((a) => [a.aspect, a.sentiment]))).toEqual({ cleanliness: "mixed" });
  });
});
