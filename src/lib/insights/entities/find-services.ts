/**
 * Service mentions in review text. Each service has cue patterns, and some
 * words have other senses that must not count: "passed the town inspection"
 * or "the home inspector" are not an inspection-service mention, and a plain
 * "inspection" does not say which level, so it only counts through the
 * review's own `services` field.
 */
const SERVICE_CUES: Readonly<Record<string, readonly RegExp[]>> = {
  "chimney-sweep": [/\b(?:swept|sweeping)\b/i, /\b(?:chimney|annual|yearly|a|the|our|my|basic|regular) sweep\b/i],
  "inspection-level-1": [/\blevel[ -]?(?:1|one|i)\b/i, /\b(?:annual|yearly|routine) (?:chimney )?inspection\b/i],
  "inspection-level-2": [/\blevel[ -]?(?:2|two|ii)s?\b/i, /\b(?:video|camera) (?:inspection|scan)\b/i],
  "dryer-vent-cleaning": [/\bdryer (?:vents?|ducts?|pipes?|hoses?|lines?|runs?|exhaust)\b/i, /\blint\b/i],
  "air-duct-cleaning": [/(?<!dryer )\b(?:air )?duct cleaning\b/i, /(?<!dryer )\b(?:air )?ducts\b/i, /\bductwork\b/i],
  "chimney-cap": [/\b(?:chimney|stainless|new|a|the) caps?\b/i, /\bspark arrest[oe]rs?\b/i],
  "crown-repair": [/\bcrowns?\b/i],
  "chimney-relining": [/\b(?:re-?lin(?:e|ed|ing))\b/i, /\bliners?\b/i],
  "masonry-repair": [/\b(?:tuck-?pointing|tuck-?pointed|repoint(?:ed|ing)?|masonry|spalling|mortar joints?)\b/i],
  waterproofing: [/\bwaterproof(?:ing|ed)?\b/i, /\bwater repellent\b/i, /\bflashing\b/i],
  "animal-removal": [/\b(?:raccoons?|squirrels?|starlings?|chimney swifts?|birds?(?:'s)? nests?|nests?|animals?)\b/i],
};

/** Other senses that must not count as a service mention. */
const EXCLUDED: readonly RegExp[] = [
  /\b(?:town|city|building|home|buyer'?s?|insurance|final|re-?)\s*inspections?\b/gi,
  /\binspectors?\b/gi,
  /\bpass(?:ed|es)?\s+(?:the\s+|its\s+|our\s+)?(?:\w+\s+)?inspection\b/gi,
  /\bdryer sheets?\b/gi,
  /\bduct tape\b/gi,
  /\bcrown (?:molding|moulding|royal)\b/gi,
  /\bswept (?:me|us) off\b/gi,
];

/** Services mentioned in the text, in the order of `serviceIds`. */
export function findServiceMentions(text: string, serviceIds: readonly string[]): string[] {
  let cleaned = text;
  for (const pattern of EXCLUDED) cleaned = cleaned.replace(pattern, " ");
  return serviceIds.filter((id) => (SERVICE_CUES[id] ?? []).some((cue) => cue.test(cleaned)));
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
