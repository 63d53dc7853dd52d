import { describe, expect, it } from "vitest";
import { analyzeReviewText } from "../../../../src/lib/insights/absa/analyze-review.ts";
import type { Aspect, Sentiment } from "../../../../src/lib/schema/review.ts";

type Expected = Partial<Record<Aspect, Sentiment>>;

/** The rules alone (no learned model), so each case shows what the rule itself finds. */
const rulesOnly = (text: string, rating: number) => Object.fromEntries(analyzeReviewText({ text, rating }, null).map((a) => [a.aspect, a.sentiment]));

describe("implied opinions: charges nobody told the customer about", () => {
  it.each<[string, number, Expected]>([
    ["The invoice had a $40 disposal fee that no one mentioned when I called.", 2, { price_value: "negative" }],
    ["A fuel surcharge showed up on the bill. Not a word about it beforehand.", 2, { price_value: "negative" }],
    ["Nobody brought up the permit fee until the job was done.", 2, { price_value: "negative" }],
  ])("%s", (text, rating, expected) => expect(rulesOnly(text, rating)).toEqual(expected));

  it("needs a charge that was not told: a waived fee is no complaint", () => {
    expect(rulesOnly("No extra fee for the second visit, as the office had said.", 5)).toEqual({ price_value: "positive" });
  });
});

describe("implied opinions: price set against a short visit", () => {
  it.each<[string, number, Expected]>([
    ["Twenty minutes on the roof and a $260 bill.", 2, { price_value: "negative" }],
    ["He was gone in 30 minutes. Charged me 210 for it.", 2, { price_value: "negative" }],
  ])("%s", (text, rating, expected) => expect(rulesOnly(text, rating)).toEqual(expected));

  it("leaves an explicit price judgement alone, and minutes of lateness are not the job", () => {
    expect(rulesOnly("In and out in 45 minutes for $120, a fair price.", 5).price_value).toBe("positive");
    expect(rulesOnly("He was 40 minutes late and the bill was $150.", 3).price_value).toBeUndefined();
  });
});

describe("implied opinions: doubt about worth", () => {
  it.each<[string, number, Expected]>([
    ["I keep wondering whether the upgrade was really worth it.", 3, { price_value: "negative" }],
    ["Not convinced it was worth the money.", 2, { price_value: "negative" }],
  ])("%s", (text, rating, expected) => expect(rulesOnly(text, rating)).toEqual(expected));
});

describe("implied opinions: thoroughness told as a list of tasks", () => {
  it("reads a sentence of several tasks on the system as thorough work", () => {
    expect(rulesOnly("She vacuumed the firebox, scraped the smoke shelf, replaced the cap and resealed the crown.", 5)).toEqual({ work_quality: "positive" });
  });

  it("reads a bulleted list of tasks the same way", () => {
    const text = "What the crew did:\n• brushed every supply duct\n• cleaned the blower wheel\n• replaced the dryer hose\n• checked the exterior flap";
    expect(rulesOnly(text, 5)).toEqual({ work_quality: "positive" });
  });

  it("ignores a list of what was not done, and what the customer did", () => {
    expect(rulesOnly("They did not sweep the flue, check the crown, inspect the liner or clear the cap.", 1).work_quality).not.toBe("positive");
    expect(rulesOnly("I called the office, emailed the owner, texted the tech and filled out the web form.", 1).work_quality).toBeUndefined();
  });
});

describe("lexicon: plain words for manners and for keeping the customer informed", () => {
  it.each<[string, number, Expected]>([
    ["The installer was approachable and gentle with our old dog.", 5, { professionalism: "positive" }],
    ["Both guys were straight shooters.", 5, { professionalism: "positive" }],
    ["I emailed the office five times before anyone answered.", 1, { communication: "negative" }],
    ["He ran an hour behind and didn't even call.", 2, { punctuality: "negative" }],
    ["They mailed the certificate to our insurer the next day.", 5, { communication: "positive" }],
    ["The office called me back only after three days.", 2, { communication: "negative" }],
  ])("%s", (text, rating, expected) => expect(rulesOnly(text, rating)).toEqual(expected));

  it("does not read the reviewer's own candour or politeness formula as the crew's manners", () => {
    expect(rulesOnly("I'll be honest, I almost cancelled.", 4).professionalism).toBeUndefined();
    expect(rulesOnly("Kindly note the crew came on a Sunday.", 4).professionalism).toBeUndefined();
  });
});

describe("implied opinions: rudeness in plain verbs", () => {
  it.each<[string, number, Expected]>([
    ["The owner yelled at my husband over the phone.", 1, { professionalism: "negative" }],
    ["One of the crew was short with my mother.", 2, { professionalism: "negative" }],
    ["He knocked over a lamp and didn't even say sorry.", 1, { professionalism: "negative" }],
  ])("%s", (text, rating, expected) => expect(rulesOnly(text, rating)).toEqual(expected));
});

describe("implied opinions: arrival against the booked time", () => {
  it.each<[string, number, Expected]>([
    ["The van pulled up at 10:35 for a 10:00 slot.", 3, { punctuality: "negative" }],
    ["The crew rolled in at almost 11 for an 8am start.", 2, { punctuality: "negative" }],
    ["Our technician come at 9:50, but the appointment was for 9 o'clock.", 3, { punctuality: "negative" }],
  ])("%s", (text, rating, expected) => expect(rulesOnly(text, rating)).toEqual(expected));

  it("does not read a percentage as a clock time", () => {
    expect(rulesOnly("We booked a 6am start. The bill came in about 15% above the quote.", 4).punctuality).toBeUndefined();
  });
});
