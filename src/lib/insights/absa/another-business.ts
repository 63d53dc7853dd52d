/**
 * Whether a sentence is about another business: "the other company", "a previous contractor",
 * "competitors", "otra empresa". The aspects judge this business only (docs/aspects.md), and the
 * analyzer sometimes reads another company's work as this one's ("The other company we use before,
 * three years they sweep from inside and never go up on the roof one time."). Such a sentence is
 * never shown as a quote of this business (isShowcaseSentence: the home page, `/insights.json`) or as
 * `evaluate_topic`'s praise and criticism, even where it praises this one by comparison: another
 * sentence of the reviews says it on its own. The analysis itself still reads it.
 *
 * Only business nouns count, since "the other tech", "the new guy" and "the last crew they sent"
 * are usually this company's own people.
 */
const ANOTHER_BUSINESS = new RegExp(
  [
    // "the other two companies", "another chimney company", "the last three contractors".
    String.raw`\b(?:other|another|previous|prior|last|old|former|different)\s+(?:(?:two|three|four|five|\d+|chimney|sweep|duct|hvac)\s+)?(?:company|companies|business|businesses|outfit|outfits|firm|firms|contractor|contractors)\b`,
    // "Our old place" and "a different place in the winter" are homes; "the other place" is a business.
    String.raw`\b(?:other|another)\s+places?\b`,
    String.raw`\bcompetitors?\b`,
    String.raw`\b(?:otra|otras)\s+(?:compa[ñn][ií]as?|empresas?)\b`,
  ].join("|"),
  "iu",
);

export function namesAnotherBusiness(sentence: string): boolean {
  return ANOTHER_BUSINESS.test(sentence);
}
