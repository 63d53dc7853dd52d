import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../src/lib/insights/absa/analyze-review.ts";
import type { Aspect, Sentiment } from "../../../src/lib/schema/review.ts";

type Expected = Partial<Record<Aspect, Sentiment>>;

function labels(text: string, rating: number): Expected {
  return Object.fromEntries(analyzeReviewText({ text, rating }).map((a) => [a.aspect, a.sentiment]));
}

describe("analyzeReview: hard cases", () => {
  it.each<[string, string, number, Expected]>([
    ["negated dirt", "Not a speck of soot on the carpet when they left.", 5, { cleanliness: "positive" }],
    ["never called back", "They never called back about the estimate.", 2, { communication: "negative" }],
    ["no mess, no pressure", "No mess at all, and no pressure to buy anything.", 5, { cleanliness: "positive", professionalism: "positive" }],
    ["negated upsell", "He didn't try to upsell us.", 5, { professionalism: "positive" }],
    ["negated upsell, typed fast", "Honest and he doesnt upsell.", 5, { professionalism: "positive" }],
    ["nothing sold", "Didn't sell me a thing.", 5, { professionalism: "positive" }],
    ["never upsold", "He never upsold us.", 5, { professionalism: "positive" }],
    ["negation as an intensifier", "Couldn't have been more courteous.", 5, { professionalism: "positive" }],
    ["never once late", "Never once late in three years.", 5, { punctuality: "positive" }],
  ])("negation: %s", (_name, text, rating, expected) => {
    expect(labels(text, rating)).toEqual(expected);
  });

  // Plain negations and a wish. Switched off (as the scope family was), find-negation.ts and the wish patterns let the
  // rules read each of these backwards, and the retrained models followed them; so they are part of reading a cue.
  it.each<[string, string, number, Expected]>([
    ["not rude", "The tech was not rude at all.", 5, { professionalism: "positive" }],
    ["not fair", "The price was not fair.", 2, { price_value: "negative" }],
    ["not left clean", "The house was not left clean.", 2, { cleanliness: "negative" }],
    ["not impressed", "Not impressed with the work.", 2, { work_quality: "negative" }],
    ["not very professional", "The crew was not very professional.", 2, { professionalism: "negative" }],
    ["praise in a wish", "I wish he had been on time.", 3, { punctuality: "negative" }],
  ])("plain negation, by the rules alone and by the whole analyzer: %s", (_name, text, rating, expected) => {
    expect(Object.fromEntries(analyzeReviewText({ text, rating }, null).map((a) => [a.aspect, a.sentiment]))).toEqual(expected);
    expect(labels(text, rating)).toEqual(expected);
  });

  // Another business's deeds judge that business (docs/aspects.md). No rule sets them aside any more (the reading went
  // under the ablation bar); the learned models read these right, and the known failures below.
  it.each<[string, string, number, Expected]>([
    ["the last company's mess", "The last company left soot everywhere but these guys put tarps down.", 5, { cleanliness: "positive" }],
    // A known failure from the clause reading (39a827a: price_value criticism added) until batches 336 to 343 joined, and
    // again when 344 to 347 joined, until the sentence detectors learned from bags of sentences (with batches 348-351).
    ["praise before the comparison", "He was honest and didn't push the liner another company tried to sell me.", 5, { professionalism: "positive" }],
    ["another outfit, then these guys", "Another outfit left soot all over the hearth, these guys put tarps down.", 5, { cleanliness: "positive" }],
    ["a comparison", "Unlike the last company, they showed up on time and left no mess.", 5, { punctuality: "positive", cleanliness: "positive" }],
    [
      "this business as the last one",
      "They are the last company I would hire again, rude and two hours late.",
      1,
      { punctuality: "negative", professionalism: "negative" },
    ],
    ["a sweep as a visit", "Every sweep they show up on time.", 5, { punctuality: "positive" }],
  ])("another business: %s", (_name, text, rating, expected) => {
    expect(labels(text, rating)).toEqual(expected);
  });

  // Where a call, a silence or an unmentioned fee belongs (docs/aspects.md, where aspects meet) is the learned models'
  // reading since the boundaries family went under the ablation bar (docs/insights.md).
  it.each<[string, number, Expected]>([
    ["He ran an hour behind and didn't even call.", 2, { punctuality: "negative" }],
    ["Two hours late. Didn't even call.", 1, { punctuality: "negative" }],
    ["He texted when he was on his way.", 5, { punctuality: "positive" }],
    // Failing to send a call ahead is punctuality too.
    ["The tech never called ahead.", 2, { punctuality: "negative" }],
    ["I never knew when they were coming.", 2, { punctuality: "negative" }],
    ["They pulled in at 12:40 with no call.", 2, { punctuality: "negative" }],
    ["Showed at 1. No call.", 2, { punctuality: "negative" }],
    ["They never called back about the estimate.", 2, { communication: "negative" }],
    // The arrival can be told in the sentence before the silence.
    ["They gave us an 8 to 12 window and the crew pulled in at 1:40. No call.", 2, { punctuality: "negative" }],
    ["Never showed. No call, no text.", 1, { punctuality: "negative" }],
    // A call back answers the customer, whatever the arrival was like.
    ["He arrived right on time. Never called me back about the quote though.", 3, { punctuality: "positive", communication: "negative" }],
    ["He was an hour late. No call back about the invoice either.", 2, { punctuality: "negative", communication: "negative" }],
  ])("a call about arriving is punctuality, any other is communication: %s", (text, rating, expected) => expect(labels(text, rating)).toEqual(expected));

  it.each<[string, number, Expected]>([
    ["The invoice had a $40 disposal fee that no one mentioned when I called.", 2, { price_value: "negative" }],
    ["A fuel surcharge showed up on the bill. Not a word about it beforehand.", 2, { price_value: "negative" }],
    ["They charged a $60 trip fee nobody mentioned.", 2, { price_value: "negative" }],
  ])("a fee nobody mentioned is price_value only: %s", (text, rating, expected) => expect(labels(text, rating)).toEqual(expected));

  // The other company's same-day visit is no scheduling praise of this one. Whether the unanswered calls also judge this
  // one's scheduling (docs/aspects.md: calls unanswered while someone tries to book are both) is a close call the learned
  // detectors have made both ways as data joined, so only its side is checked.
  const wentElsewhere = () => labels("Nobody ever called back. Went with another company who came the same day.", 1);
  it("another business: went elsewhere, and the unanswered calls are this one's", () => {
    const found = wentElsewhere();
    expect(found.communication).toBe("negative");
    expect(Object.keys(found).filter((aspect) => aspect !== "communication" && aspect !== "scheduling")).toEqual([]);
  });
  // A known failure from the sentence detectors' bags of sentences (with batches 348 to 351) until the retraining with
  // trigrams and batches 352 to 355, again from the retraining that taught the sides model to read every sentence the
  // detector judges until batches 368 to 371 joined, and from 372 to 375 until 376 to 379 joined: a close call each
  // retraining moves.
  it("another business: went elsewhere, and its same-day visit is no scheduling praise", () => {
    expect(wentElsewhere().scheduling).not.toBe("positive");
  });

  it.each<[string, string, number, Expected]>([
    ["not cheap, worth every penny", "Not cheap, but worth every penny.", 5, { price_value: "mixed" }],
    ["late one visit, on time the next", "Late the first day, right on time the second.", 4, { punctuality: "mixed" }],
    ["drop cloths but soot", "They laid drop cloths, but left soot on the hearth.", 3, { cleanliness: "mixed" }],
    ["pricey, worth it", "Pricey but worth it.", 4, { price_value: "mixed" }],
  ])("opinions both ways make mixed: %s", (_name, text, rating, expected) => {
    expect(labels(text, rating)).toEqual(expected);
  });

  it.each<[string, string, number, Expected]>([
    ["tarps", "Laid tarps everywhere before starting.", 5, { cleanliness: "positive" }],
    ["at 8 sharp", "Showed up at 8 sharp.", 5, { punctuality: "positive" }],
    // Getting right to work is no verdict on the work. Retraining has moved it both ways: wrong until batches 232-251
    // joined, right until 252-263 did, right again with the naive Bayes scaling of the review detectors.
    ["promptly, then to work", "The crew arrived promptly and got right to work.", 5, { punctuality: "positive" }],
    ["booties", "Booties on the whole time.", 5, { cleanliness: "positive" }],
    ["weeks to get on the calendar", "Took three weeks to get on the calendar.", 3, { scheduling: "negative" }],
    ["same afternoon", "They came out the same afternoon.", 5, { scheduling: "positive" }],
    ["the day after the call", "Thaddeus swept our chimney the day after I called.", 5, { scheduling: "positive" }],
    ["bumped, again and again", "Bumped three times.", 1, { scheduling: "negative" }],
    ["a slow booking", "Booking took a while.", 3, { scheduling: "negative" }],
    // Calls unanswered while someone tries to get a visit are communication and scheduling (docs/aspects.md). Expected as
    // communication only until the retraining with trigrams and batches 352 to 355 read both.
    ["had to chase them", "Had to call three times before anyone came back to look.", 2, { communication: "negative", scheduling: "negative" }],
    ["bill above the quote", "Quoted $250 on the phone, billed $340.", 1, { price_value: "negative" }],
    ["arrival time against the window", "The window was 8 to 10 and he rolled in at noon.", 2, { punctuality: "negative" }],
    ["a problem that came back", "The ceiling stain is back after the first storm.", 1, { work_quality: "negative" }],
    ["symptom gone", "Smoke no longer backs up into the room and the stove drafts beautifully.", 5, { work_quality: "positive" }],
  ])("implicit cue: %s", (_name, text, rating, expected) => {
    expect(labels(text, rating)).toEqual(expected);
  });

  it.each<[string, string, number, Aspect]>([
    ["clean freak", "I'm a clean freak about my house.", 5, "cleanliness"],
    ["time flies", "Time flies; we've used them for years.", 5, "punctuality"],
    ["paid on time", "I paid the deposit on time.", 3, "punctuality"],
    ["someone else's inspection", "The house passed the town inspection last spring, which had nothing to do with them.", 5, "work_quality"],
    ["close call", "It was a close call with the fire.", 5, "communication"],
    ["late husband", "My late husband always did the chimney himself.", 5, "punctuality"],
    ["price of firewood", "The price of firewood keeps going up.", 4, "price_value"],
    ["flexible liner", "They dropped a flexible stainless liner down the flue.", 5, "scheduling"],
    ["a cracked tile found, not made", "The tech found a cracked tile near the top.", 5, "professionalism"],
    ["a clean install is workmanship", "A clean install and the stove drafts well.", 5, "cleanliness"],
    ["a clean report", "Greg's Level 2 reports are clean, photos labeled.", 5, "cleanliness"],
    ["a report that came back clean", "The inspection report came back clean.", 5, "cleanliness"],
    ["a clean-cut tech", "A clean-cut young man did the sweep.", 5, "cleanliness"],
    ["a fan that does not push air", "The new fan does not push enough air.", 3, "professionalism"],
    ["parts that never arrived", "The parts they ordered never arrived.", 2, "punctuality"],
    ["a spot in the mortar", "They found a spot where the mortar was missing.", 4, "scheduling"],
    ["days after the call is no quick booking", "They showed up 10 days after I called.", 2, "scheduling"],
  ])("other sense, no label: %s", (_name, text, rating, absent) => {
    expect(labels(text, rating)).not.toHaveProperty(absent);
  });

  // docs/aspects.md: facts with no verdict ("swept the flue") get no label.
  it.each<[string, string, number, Aspect]>([
    ["a service booked", "Booked a dryer vent cleaning for Tuesday 1-3.", 3, "work_quality"],
    ["a job listed", "Dryer vent cleaned and re-routed.", 4, "work_quality"],
    ["a report that never came", "The written report we were promised never came.", 2, "punctuality"],
    ["damage denied", "They cracked two tiles on the hearth and the tech said they were already cracked.", 1, "work_quality"],
    ["praise of a reminder", "Brenda at the office texted the day before to confirm, which was nice.", 5, "professionalism"],
  ])("no verdict on the aspect, no label: %s", (_name, text, rating, absent) => {
    expect(labels(text, rating)).not.toHaveProperty(absent);
  });

  // The learned models see a bare account too, and a retrained model may read "checked the cap" as thoroughness. The
  // rules must never.
  it("reads a bare account of the visit as no verdict on the work, by the rules", () => {
    const text = "Dana came out Tuesday and swept the chimney. She checked the cap and the damper.";
    expect(analyzeReviewText({ text, rating: 5 }, null)).toEqual([]);
  });

  // The same words where they do carry a verdict: what the narrower patterns above must still read.
  it.each<[string, string, number, Expected]>([
    ["calls unanswered while booking", "Left four voicemails over two weeks trying to book a sweep.", 1, { communication: "negative", scheduling: "negative" }],
    ["an easy online booking", "I tried to book online and it was easy.", 5, { scheduling: "positive" }],
    ["work failing already", "Three months later it looks like the crown is already cracking.", 1, { work_quality: "negative" }],
    // Pinned as a known failure from ed86864 until the model trained with the Spanish gloss (its own retraining).
    ["work failing again", "The crown is already cracking again.", 1, { work_quality: "negative" }],
  ])("a verdict in the same words: %s", (_name, text, rating, expected) => {
    expect(labels(text, rating)).toEqual(expected);
  });

  it("reads a passed inspection as the inspector's finding, not the reviewer's verdict on the work", () => {
    expect(labels("The new crown passed the town inspection.", 5)).not.toHaveProperty("work_quality");
  });

  it.each<[string, string, number, Expected]>([
    ["praise after a no-show", "Great, another no-show. Fantastic service.", 1, { punctuality: "negative" }],
    ["thanks for the footprints", "Thanks so much for the muddy footprints on my rug.", 1, { cleanliness: "negative" }],
  ])("sarcasm the learned models read as meant: %s", (_name, text, rating, expected) => {
    expect(labels(text, rating)).toEqual(expected);
  });

  it.each<[string, string, number, Expected]>([
    [
      "three aspects in a list",
      "On time, polite, and left the place spotless.",
      5,
      { punctuality: "positive", professionalism: "positive", cleanliness: "positive" },
    ],
    [
      "two clauses, three aspects",
      "The price was fair and the crew was friendly, but the report took a week.",
      4,
      { price_value: "positive", professionalism: "positive", communication: "negative" },
    ],
    [
      "expertise and explanation",
      "Dana knew her stuff and walked me through the camera footage.",
      5,
      { professionalism: "positive", communication: "positive" },
    ],
    // On time but sloppy is no verdict on conduct; moved by retraining as the case above.
    ["on time but sloppy", "The tech was on time but the job was sloppy.", 2, { punctuality: "positive", work_quality: "negative" }],
  ])("several aspects in one sentence: %s", (_name, text, rating, expected) => {
    expect(labels(text, rating)).toEqual(expected);
  });

  it.each([1, 3, 5])("does not take the answer from the star rating (rating %i)", (rating) => {
    expect(labels("The guy was rude and left the gate open, but the price was fair.", rating)).toEqual({
      professionalism: "negative",
      price_value: "positive",
    });
  });

  it.each([
    ["Dana showed up right at 8, laid drop cloths to the hearth and explained everything.\n\nPrice matched the quote. Not a speck of soot anywhere."],
    ["Late again.  They never called.\nThe sweep itself was fine!! Would use again?"],
  ])("returns one entry per aspect with verbatim sentence evidence: %#", (text) => {
    const found = analyzeReviewText({ text, rating: 4 });
    expect(new Set(found.map((a) => a.aspect)).size).toBe(found.length);
    for (const entry of found) {
      expect(text).toContain(entry.evidence);
      expect(entry.evidence).toBe(entry.evidence.trim());
    }
  });

  it.each<[string, string, number, Expected]>([
    ["an invoice, not a person", "Invoice was higher than the quote by forty dollars.", 3, { price_value: "negative" }],
    ["a fee opening the sentence", "Bill was fair for a two-hour job.", 4, { price_value: "positive" }],
  ])("a capitalized aspect noun opening the sentence is that noun, not a name: %s", (_name, text, rating, expected) => {
    expect(labels(text, rating)).toEqual(expected);
  });

  it("still reads a technician called Bill as a person", () => {
    const found = analyzeReviewText({ text: "Bill was great with the kids.", rating: 5, technicians: ["bill-moreau"] }, null);
    expect(found.map((a) => [a.aspect, a.sentiment])).toEqual([["professionalism", "positive"]]);
  });

  it.each<[string, string, number]>([
    ["a part opening the sentence", "Cap is fine.", 4],
    ["a company's possessive name", "Harlow's is alright.", 4],
    ["a predicate about a thing", "The glass does look nice.", 5],
    ["a predicate about a thing, adverbs between", "The new hearth rug is honestly really nice.", 5],
  ])("no professionalism from a predicate that judges no person: %s", (_name, text, rating) => {
    expect(analyzeReviewText({ text, rating }, null).map((a) => a.aspect)).not.toContain("professionalism");
  });

  // The presence model drops the office's communication here, a known failure (docs/insights.md): what the rules read.
  it("reads great work and a terrible office in one sentence, by the rules", () => {
    const text = "Great work, terrible office.";
    expect(Object.fromEntries(analyzeReviewText({ text, rating: 3 }, null).map((a) => [a.aspect, a.sentiment]))).toEqual({
      work_quality: "positive",
      communication: "negative",
    });
  });

  // The rules read the crown failing again (the whole analyzer does too since the model trained with the Spanish gloss).
  it("reads a crown cracking again as work_quality criticism, by the rules", () => {
    const text = "The crown is already cracking again.";
    expect(Object.fromEntries(analyzeReviewText({ text, rating: 1 }, null).map((a) => [a.aspect, a.sentiment]))).toEqual({ work_quality: "negative" });
  });

  // The rules read scheduling here, and so does the whole analyzer: from the retraining with batches 356 to 359 until 404
  // to 407 joined, and again since the sentence models' L2 went to 0.0001 (a pinned known failure in between).
  it("reads a crashing online scheduler as scheduling criticism, by the rules and in all", () => {
    const text = "The online scheduler kept crashing.";
    expect(Object.fromEntries(analyzeReviewText({ text, rating: 2 }, null).map((a) => [a.aspect, a.sentiment]))).toEqual({ scheduling: "negative" });
    expect(labels(text, 2)).toEqual({ scheduling: "negative" });
  });

  // Read right from the retraining in which the review detectors trained 150 epochs (with batches 232 to 247) until
  // batches 368 to 371 joined, and again since 424 to 427 joined; a pinned known failure before and in between (the
  // thorough estimate also read as work_quality praise): a close call that retraining moves.
  it("reads a thorough estimate as communication only", () => {
    expect(labels("The estimate was thorough and easy to understand.", 5)).toEqual({ communication: "positive" });
  });

  // The presence model's known failures (docs/insights.md), pinned with `fails`: each test states the right reading, so
  // a model that gets one right fails here, and the case moves back among the hard cases above.
  const knownFailures: [string, number, Expected][] = [
    ["Great work, terrible office.", 3, { work_quality: "positive", communication: "negative" }],
    // Late with a text ahead is mixed punctuality (docs/aspects.md: a call when running late is punctuality); the analyzer
    // reads lateness only.
    ["He was running about twenty minutes behind but texted to let me know.", 4, { punctuality: "mixed" }],
    ["He was forty minutes late, but the tech texted me ahead, so no harm done.", 4, { punctuality: "mixed" }],
    ["He was late, but the tech always texted me ahead.", 4, { punctuality: "mixed" }],
    ["He sent me a heads up text when he was running late.", 4, { punctuality: "mixed" }],
    ["Forty minutes late, though he texted from the road.", 4, { punctuality: "mixed" }],
    // Confirmations are scheduling (docs/aspects.md); the analyzer reads none (the rules read communication here).
    ["The company didn't email to confirm.", 2, { scheduling: "negative" }],
    // Another business's prices and silence: read as this one's.
    ["The other company had terrible prices and never called back.", 5, {}],
    // The other companies' waits read as this one's (scheduling criticism): a known failure from batches 320 to 327 until
    // batches 336 to 343 joined, and again since batches 400 to 403 joined.
    ["Every company I called was booked out three weeks. They squeezed us in on Saturday.", 5, { scheduling: "positive" }],
    // Not calling while running late is punctuality only (docs/aspects.md); the analyzer adds communication.
    ["The tech wasn't on time and nobody called to explain.", 2, { punctuality: "negative" }],
    // Since the sentence detectors learn from bags of sentences (with batches 348 to 351), the presence model drops a
    // no-show by the estimator, and the plain praise of a result the rules read (the sentence detector gives it 0.02).
    ["The estimate guy never came.", 1, { punctuality: "negative" }],
    // A hard case ("a verdict in the same words") until the sentence models' L2 went to 0.0001 (bench/RESULTS.md,
    // "Aspect analysis, thirty-ninth session"): since then the tech who never came reads nothing too.
    ["The tech never came.", 1, { punctuality: "negative" }],
    // A lukewarm word against a strong opposite one is mixed; read right from the retraining that read long sentences
    // clause by clause until the L2 went to 0.0001, and as criticism only since.
    ["The cleanup was fine, but he left soot on the hearth.", 3, { cleanliness: "mixed" }],
    ["I'm thrilled with how the crown turned out.", 5, { work_quality: "positive" }],
    // A clock time with no time promised carries no verdict (docs/aspects.md: facts that meet or miss no expectation get
    // no label); the analyzer reads punctuality, on the stars' side (batch 412, first sight).
    ["Truck pulled in at 2:48.", 1, {}],
    ["Arrived 3:15 pm, left 4:02 pm.", 2, {}],
    // Trouble after the customer turned the advice down is no verdict on work this company never did; a technician proved
    // right is knowledge, professionalism (docs/aspects.md). The analyzer reads the first as work_quality praise and
    // nothing in the second (sentences in the manner of batch 415, whose reviews it read so at first sight).
    ["Two years later the raccoons moved in.", 5, {}],
    ["Turns out Mike was right about the liner.", 5, { professionalism: "positive" }],
    // The spelling gloss reads a slip as the word of the most reviews one slip away (spelling-gloss.ts): "thurough" is
    // "through" as well as "thorough", and "through" wins.
    ["Very thurough job.", 5, { work_quality: "positive" }],
    // A close call retraining has moved both ways (mixed at 0899be0, criticism only from 7f940e1, mixed from the sentence
    // detectors' bags of sentences until batches 388 to 391 joined, criticism only until 412 to 415 joined, mixed until 420
    // to 423 joined): the tech's explanations and the office's silence are both communication.
    ["The tech explained everything, but the office never called back.", 3, { communication: "mixed" }],
  ];

  for (const [text, rating, expected] of knownFailures)
    it(`known failure: ${text}`, { fails: true }, () => {
      expect(labels(text, rating)).toEqual(expected);
    });

  // A review of five paragraphs that praises the price of the first visits and complains of this year's (docs/aspects.md:
  // both sides anywhere in the review is mixed) reads as criticism only, likely because the sides model reads every
  // carrying sentence as one bag of words, where the complaint's words outweigh the praise (bench/RESULTS.md, "Aspect
  // analysis, thirty-first session"). The plain test keeps the pin failing for that reason, not for a price not found.
  const longStory = [
    "We bought our farmhouse outside town in 2019 and it came with a big stone fireplace and a wood stove in the kitchen. The previous owners left a folder of receipts, and one of them was from this company, so that is who we called the first fall.",
    "That first year the sweep and a Level 1 inspection on both flues came to $180, which honestly felt like a fair price for two flues and two hours of work. The tech laid down drop cloths, showed us the creosote he pulled out, and told us the stove pipe was in good shape.",
    "We had them back every October after that. The second and third years went about the same way, the same tech most of the time, and we never had to think about it.",
    "This fall the bill for the same two flues was $340. Nobody mentioned an increase when I booked, and when I asked about it the answer was basically that prices went up. I understand costs rise, but nearly double in four years is a lot to swallow for the exact same visit.",
    "The work itself was fine again and the house stayed clean. We will probably keep using them because the stove draws well and I trust them with it, but I am going to get a second quote next year.",
  ].join("\n\n");
  it("finds the price judged in a review of five paragraphs", () => {
    expect(labels(longStory, 4).price_value).toBeDefined();
  });
  it("known failure: price praise and a price complaint, paragraphs apart, as mixed", { fails: true }, () => {
    expect(labels(longStory, 4).price_value).toBe("mixed");
  });

  // Spanish reviews, read through the Spanish cues (src/lib/insights/lexicon/spanish-cues.ts), the English gloss and the models
  // trained on both.
  it.each<[string, number, Expected]>([
    ["Excelente servicio!! Puntuales y muy limpios.", 5, { punctuality: "positive", cleanliness: "positive" }],
    ["Muy buen trabajo, aunque un poco caro.", 4, { work_quality: "positive", price_value: "negative" }],
    // Pinned as a known failure until the Spanish gloss (src/lib/insights/nlp/spanish-gloss.ts) let the models read it in
    // English.
    ["No contestan las llamadas. No vuelvo.", 1, { communication: "negative" }],
    // A known failure from batches 328 to 335 until the retraining with trigrams and batches 352 to 355: "veces" (times)
    // after a spelled count added punctuality criticism.
    ["Llamé tres veces y nadie contesta. No vuelvo.", 1, { communication: "negative" }],
    ["El técnico llegó una hora tarde y no avisó.", 2, { punctuality: "negative" }],
    ["Dejaron hollín en la alfombra y el sofá.", 1, { cleanliness: "negative" }],
    ["Nos cobraron el doble de lo que dijeron por teléfono.", 1, { price_value: "negative" }],
    // Each read wrong or not at all before the gloss.
    ["Siempre llegan tarde.", 2, { punctuality: "negative" }],
    ["Muy caro.", 2, { price_value: "negative" }],
    ["Nunca fueron groseros.", 5, { professionalism: "positive" }],
    ["Sin desorden y sin polvo.", 5, { cleanliness: "positive" }],
    ["¡Nunca fueron groseros!", 5, { professionalism: "positive" }],
    ["Llegaron justo a tiempo.", 5, { punctuality: "positive" }],
    // English with words that Spanish or its names also write: read as English.
    ["Caro was rude on the phone.", 1, { professionalism: "negative" }],
    ["Thanks Justo!", 5, {}],
    ["Carlos de la Rosa came a day late.", 2, { punctuality: "negative" }],
  ])("reads a Spanish review: %s", (text, rating, expected) => {
    expect(labels(text, rating)).toEqual(expected);
  });

  it("reads a lukewarm word about a person as no aspect, and the rudeness beside it as professionalism", () => {
    expect(labels("Our tech was okay, though he was rude to my wife.", 3)).toEqual({ professionalism: "negative" });
  });

  it("still counts a bill higher than expected", () => {
    expect(labels("The bill was higher than I expected for a basic sweep.", 3)).toEqual({ price_value: "negative" });
  });

  it("reads 'more than fair' as a fair price, not a price above something", () => {
    expect(labels("For what they did, the price was more than fair.", 5)).toEqual({ price_value: "positive" });
  });
});
