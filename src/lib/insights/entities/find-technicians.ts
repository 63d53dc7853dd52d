/** A technician on the roster (business.json). */
export interface RosterEntry {
  id: string;
  name: string;
}

export interface TechnicianSource {
  text: string;
  /** Technician ids from the review's `technicians` field. */
  technicians: readonly string[];
  authorName: string;
}

/** Words that make the next name someone else: "my neighbor Bill", "named him Kevin", "a guy named Gus". */
const RELATION_WORDS = new Set([
  "neighbor",
  "neighbour",
  "neighbors",
  "husband",
  "wife",
  "son",
  "daughter",
  "brother",
  "sister",
  "friend",
  "dad",
  "father",
  "mom",
  "mother",
  "uncle",
  "aunt",
  "cousin",
  "grandson",
  "granddaughter",
  "grandpa",
  "grandma",
  "boss",
  "landlord",
  "tenant",
  "named",
  "called",
  "realtor",
  "agent",
  "coworker",
  "colleague",
  "partner",
  "nephew",
  "niece",
  "roommate",
  "contractor",
  "handyman",
  "roofer",
]);
/** Words that may sit between a relation word and the name: "named him Kevin", "my neighbor, Bill". */
const FILLERS = new Set(["him", "her", "it", "them", "the", "a", "my", "our", "his", "their"]);

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? "", last: parts.slice(1).join(" ") };
}

/** True when a relation word among the (up to three) words before the name marks it as someone other than staff. */
function introducedAsSomeoneElse(before: string): boolean {
  const words = before
    .split(/[^A-Za-z'’]+/)
    .filter(Boolean)
    .slice(-3)
    .map((w) => w.toLowerCase());
  for (let k = words.length - 1; k >= 0; k -= 1) {
    if (RELATION_WORDS.has(words[k]!)) return true;
    if (!FILLERS.has(words[k]!)) return false;
  }
  return false;
}

/**
 * Builds a finder for the technicians a review is about: its `technicians`
 * field, plus roster names in the text. A full name ("Chris Yoder") always
 * counts; a first name alone counts only when it is unique on the roster
 * (two Chrises make "Chris" ambiguous, unless the field says which), when it
 * is not followed by another surname ("Luis Ortega"), not introduced as
 * someone else ("my neighbor Bill", "named him Kevin") and not the reviewer's
 * own name. "Mr. Bell" and "Kevin T." resolve by surname. Ids come back in
 * roster order.
 */
export function createTechnicianFinder(roster: readonly RosterEntry[]): (source: TechnicianSource) => string[] {
  const names = roster.map((t) => ({ id: t.id, ...splitName(t.name) }));
  const firstNames = [...new Set(names.map((n) => n.first))].filter(Boolean);
  const lastNames = [...new Set(names.map((n) => n.last))].filter(Boolean);
  const mention = new RegExp(`\\b(${firstNames.map(escape).join("|")})(?:['’]s)?\\b`, "g");
  const titled = lastNames.length > 0 ? new RegExp(`\\b(?:Mr|Mrs|Ms|Miss)\\.?\\s+(${lastNames.map(escape).join("|")})\\b`, "g") : null;
  const ids = new Set(roster.map((t) => t.id));

  return (source) => {
    const found = new Set(source.technicians.filter((id) => ids.has(id)));
    const author = splitName(source.authorName);
    const { text } = source;
    for (const match of titled ? text.matchAll(titled) : []) {
      const bySurname = names.filter((n) => n.last === match[1]);
      if (bySurname.length === 1 && match[1] !== author.last) found.add(bySurname[0]!.id);
    }
    for (const match of text.matchAll(mention)) {
      const first = match[1]!;
      const candidates = names.filter((n) => n.first === first);
      // The word right after the name, unless a sentence or clause ends first.
      const next = /^\s+([A-Z][A-Za-z'’-]*)(\.?)/.exec(text.slice(match.index + match[0].length))?.[1];
      const full = next !== undefined ? candidates.find((n) => next === n.last || (next.length === 1 && n.last.startsWith(next))) : undefined;
      if (full) {
        if (`${full.first} ${full.last}` !== `${author.first} ${author.last}`) found.add(full.id);
        continue;
      }
      if (next !== undefined && next.length > 1) continue;
      if (first === author.first || introducedAsSomeoneElse(text.slice(Math.max(0, match.index - 40), match.index))) continue;
      if (candidates.length === 1) found.add(candidates[0]!.id);
    }
    return roster.filter((t) => found.has(t.id)).map((t) => t.id);
  };
}

/** One-off form of {@link createTechnicianFinder}. */
export function findTechnicianIds(source: TechnicianSource, roster: readonly RosterEntry[]): string[] {
  return createTechnicianFinder(roster)(source);
}
