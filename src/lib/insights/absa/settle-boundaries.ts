import type { Sentence } from "../nlp/read-text.ts";
import type { Aspect } from "../../schema/review.ts";
import { setAside, type Mention } from "./analyze-sentence.ts";

/** Words that name an extra charge. */
const FEE_WORDS: ReadonlySet<string> = new Set([
  "fee",
  "fees",
  "surcharge",
  "surcharges",
  "charge",
  "charges",
  "extra",
  "extras",
  "add-on",
  "add-ons",
  "addon",
  "upcharge",
  "invoice",
  "bill",
]);
/** Words about arriving: "texted he was on his way", "an ETA", "showed up at 3, no call". */
const ARRIVING =
  /\b(on (the|his|her|their|my) way|eta|en route|(\d+|five|ten|fifteen|twenty|thirty|forty) (minutes|minute|mins|min) (out|away)|heading (over|out|this way)|running (late|behind)|late|show(ed)? up|showed at|arriv(e|ed|ing)|(rolled|pulled|turned) (up|in)|no-?show|window)\b/i;

/** An arrival told in the sentence before a silence: narrower than ARRIVING, which also reads "late Sunday night". */
const ARRIVED =
  /\b(show(ed|s)? up|showed at|arriv(ed|es)|(rolled|pulled|turned) (up|in)|no-?show|never (showed|came)|nobody (came|showed)|(\d+|an?|one|two|three|four|forty|thirty|twenty|fifteen|ten) (hours?|minutes?|mins?) late|(was|were|ran|running) (late|behind))\b/i;

/**
 * Settles the aspect of cues that depend on what they are about (docs/aspects.md,
 * "Where aspects meet"): a call about arriving, or silence about arriving late,
 * is punctuality ("Two hours late. Didn't even call."); a call that only
 * carries a booking change adds nothing to its sentence's scheduling opinion;
 * not being told of a fee named there or just before is price_value only.
 * Everywhere else they stay communication. A cue settled away from its aspect
 * marks that aspect `blocked` in its sentence, so the learned models do not
 * read the aspect back in ("The tech wasn't on time and nobody called to
 * explain." is no communication verdict).
 */
export function settleBoundaries(sentences: readonly Sentence[], mentions: readonly Mention[], blocked: Map<number, Set<Aspect>>): Mention[] {
  const timing = (polarity: number) =>
    new Set(mentions.filter((m) => m.aspect === "punctuality" && !m.boundary && m.polarity === polarity).map((m) => m.sentence));
  const [lateness, onTime] = [timing(-1), timing(1)];
  const punctual = new Set([...lateness, ...onTime]);
  const priced = new Set(mentions.filter((m) => m.aspect === "price_value").map((m) => m.sentence));
  const booked = new Set(mentions.filter((m) => m.aspect === "scheduling").map((m) => m.sentence));
  const namesFee = (index: number) => priced.has(index) || (sentences[index]?.tokens.some((t) => FEE_WORDS.has(t.norm)) ?? false);
  /** The aspect a boundary cue is about, or null when it adds nothing (a call that only carries a booking change). */
  const settle = ({ boundary, sentence: index, polarity, aspect }: Mention): Aspect | null => {
    // Silence is about arriving only after a late or missing arrival ("Two hours late. Didn't even call.", "They showed
    // up at 2:40. No call."); after an on-time one it is about something else. A call ahead is about any arrival.
    const arrivedBefore = index > 0 && !onTime.has(index - 1) && ARRIVED.test(sentences[index - 1]!.text);
    const told = polarity < 0 ? lateness : punctual;
    const arriving = told.has(index) || told.has(index - 1) || ARRIVING.test(sentences[index]!.text) || arrivedBefore;
    if (polarity < 0 && (namesFee(index) || (boundary === "not-told" && namesFee(index - 1)))) return "price_value";
    if (arriving && (boundary === "call-ahead" || polarity < 0)) return "punctuality";
    return boundary === "not-told" || !booked.has(index) ? aspect : null;
  };
  const settled: Mention[] = [];
  for (const mention of mentions) {
    const aspect = mention.boundary === undefined ? mention.aspect : settle(mention);
    if (aspect !== null) settled.push(aspect === mention.aspect ? mention : { ...mention, aspect });
    if (aspect === mention.aspect) continue;
    // The aspect the cue was settled away from is set aside in its sentence.
    setAside(blocked, mention.sentence, mention.aspect);
  }
  return settled;
}
