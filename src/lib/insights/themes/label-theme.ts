import type { Keyphrase } from "./extract-keyphrases.ts";
import type { ThemeGroup } from "./group-themes.ts";
import { GENERIC_NOUNS } from "./stopwords.ts";

const MAX_LABEL_WORDS = 5;
/** A multi-word phrase stands for a single noun ("cap" → "stainless cap") when it holds this share of the noun's reviews. */
const MIN_STAND_IN_SHARE = 0.25;
/** A second strand joins the label ("drop cloths and soot") when this share of the topic's reviews hold it. */
const MIN_SECOND_SHARE = 0.25;

export interface ThemeLabel {
  /** Sentence case, two to five words: "Drop cloths and soot". */
  text: string;
  /** The phrases the label names, strongest first. */
  phrases: Keyphrase[];
}

function sharesWord(a: Keyphrase, b: Keyphrase): boolean {
  return a.words.some((w) => w !== "of" && b.words.includes(w));
}

/** A single noun is named through a common enough multi-word phrase that holds it, of at most `maxWords` words. */
function standInFor(phrase: Keyphrase, members: readonly Keyphrase[], maxWords: number): Keyphrase {
  if (phrase.words.length > 1) return phrase;
  const standIn = members.find(
    (m) => m.words.length > 1 && m.words.length <= maxWords && m.words.includes(phrase.words[0]!) && m.docs.length >= MIN_STAND_IN_SHARE * phrase.docs.length,
  );
  return standIn ?? phrase;
}

/**
 * Names a theme after its strongest phrase: a multi-word one as it stands, a single noun through a
 * common enough phrase that holds it ("cap" → "stainless cap"). A second strand sharing no word
 * with the first and found in enough of the reviews joins with "and" ("crown and flashing"). A
 * theme that would be named by one word gets null: one word is a fragment, not a theme.
 */
export function labelTheme(group: ThemeGroup): ThemeLabel | null {
  const first = standInFor(group.members[0]!, group.members, MAX_LABEL_WORDS - 2);
  // The second strand names a thing, not where it is ("room ceiling").
  const others = group.members.filter((m) => !sharesWord(m, first) && !m.words.some((w) => GENERIC_NOUNS.has(w)));
  const strand = others.find((m) => m.docs.length >= MIN_SECOND_SHARE * group.docs.length);
  const second = strand && standInFor(strand, others, MAX_LABEL_WORDS - 1 - first.words.length);
  const phrases = second && first.words.length + second.words.length + 1 <= MAX_LABEL_WORDS ? [first, second] : [first];
  if (phrases.reduce((sum, p) => sum + p.words.length, 0) < 2) return null;
  const text = phrases.map((p) => p.label).join(" and ");
  return { text: text.charAt(0).toUpperCase() + text.slice(1), phrases };
}
