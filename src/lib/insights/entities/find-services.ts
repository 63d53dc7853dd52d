/**
 * Service mentions in review text. Each service has cue patterns, and some
 * words have other senses that must not count: "passed the town inspection"
 * or "the home inspector" are not an inspection-service mention, and a plain
 * "inspection" does not say which level, so it only counts through the
 * review's own `services` field.
 */
/**
 * A pattern, with words (lower case) of which every match contains one: a
 * text holding none of them is not searched. The patterns are case-insensitive
 * and ASCII-only, and removing the other senses only blanks text out, so a
 * missing word rules a pattern out before and after that step.
 */
interface Cue {
  pattern: RegExp;
  needs: readonly string[];
}

const cue = (pattern: RegExp, ...needs: string[]): Cue => ({ pattern, needs });

const SERVICE_CUES: Readonly<Record<string, readonly Cue[]>> = {
  "chimney-sweep": [cue(/\b(?:swept|sweeping)\b/i, "swe"), cue(/\b(?:chimney|annual|yearly|a|the|our|my|basic|regular) sweep\b/i, "sweep")],
  "inspection-level-1": [cue(/\blevel[ -]?(?:1|one|i)\b/i, "level"), cue(/\b(?:annual|yearly|routine) (?:chimney )?inspection\b/i, "inspection")],
  "inspection-level-2": [cue(/\blevel[ -]?(?:2|two|ii)s?\b/i, "level"), cue(/\b(?:video|camera) (?:inspection|scan)\b/i, "video", "camera")],
  "dryer-vent-cleaning": [cue(/\bdryer (?:vents?|ducts?|pipes?|hoses?|lines?|runs?|exhaust)\b/i, "dryer"), cue(/\blint\b/i, "lint")],
  "air-duct-cleaning": [cue(/(?<!dryer )\b(?:air )?duct cleaning\b/i, "duct"), cue(/(?<!dryer )\b(?:air )?ducts\b/i, "duct"), cue(/\bductwork\b/i, "duct")],
  "chimney-cap": [cue(/\b(?:chimney|stainless|new|a|the) caps?\b/i, "cap"), cue(/\bspark arrest[oe]rs?\b/i, "arrest")],
  "crown-repair": [cue(/\bcrowns?\b/i, "crown")],
  "chimney-relining": [cue(/\b(?:re-?lin(?:e|ed|ing))\b/i, "lin"), cue(/\bliners?\b/i, "liner")],
  "masonry-repair": [
    cue(/\b(?:tuck-?pointing|tuck-?pointed|repoint(?:ed|ing)?|masonry|spalling|mortar joints?)\b/i, "tuck", "repoint", "masonry", "spalling", "mortar"),
  ],
  waterproofing: [cue(/\bwaterproof(?:ing|ed)?\b/i, "waterproof"), cue(/\bwater repellent\b/i, "water"), cue(/\bflashing\b/i, "flashing")],
  "animal-removal": [
    cue(
      /\b(?:raccoons?|squirrels?|starlings?|chimney swifts?|birds?(?:'s)? nests?|nests?|animals?)\b/i,
      "raccoon",
      "squirrel",
      "starling",
      "swift",
      "nest",
      "animal",
    ),
  ],
};

/** Other senses that must not count as a service mention. */
const EXCLUDED: readonly Cue[] = [
  cue(/\b(?:town|city|building|home|buyer'?s?|insurance|final|re-?)\s*inspections?\b/gi, "inspection"),
  cue(/\binspectors?\b/gi, "inspector"),
  cue(/\bpass(?:ed|es)?\s+(?:the\s+|its\s+|our\s+)?(?:\w+\s+)?inspection\b/gi, "inspection"),
  cue(/\bdryer sheets?\b/gi, "dryer"),
  cue(/\bduct tape\b/gi, "duct"),
  cue(/\bcrown (?:molding|moulding|royal)\b/gi, "crown"),
  cue(/\bswept (?:me|us) off\b/gi, "swept"),
];

/** Services mentioned in the text, in the order of `serviceIds`. */
export function findServiceMentions(text: string, serviceIds: readonly string[]): string[] {
  const lower = text.toLowerCase();
  const mayMatch = ({ needs }: Cue) => needs.some((word) => lower.includes(word));
  let cleaned = text;
  for (const excluded of EXCLUDED) if (mayMatch(excluded)) cleaned = cleaned.replace(excluded.pattern, " ");
  return serviceIds.filter((id) => (SERVICE_CUES[id] ?? []).some((found) => mayMatch(found) && found.pattern.test(cleaned)));
}

/** Builds a finder for service areas named in a text (whole words, capitalized as in business.json), in area order. */
export function createAreaFinder(areas: ReadonlyArray<{ id: string; name: string }>): (text: string) => string[] {
  const patterns = areas.map((area) => ({ id: area.id, pattern: new RegExp(`\\b${area.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`) }));
  return (text) => patterns.filter(({ pattern }) => pattern.test(text)).map(({ id }) => id);
}

/** One-off form of {@link createAreaFinder}. */
export function findAreaMentions(text: string, areas: ReadonlyArray<{ id: string; name: string }>): string[] {
  return createAreaFinder(areas)(text);
}
