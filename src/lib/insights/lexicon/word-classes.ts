import type { TokenTest } from "../absa/match-patterns.ts";

function words(list: string): TokenTest {
  const set = new Set(list.trim().split(/\s+/));
  return (t) => set.has(t.norm) || set.has(t.lemma);
}

/** Named word classes that patterns refer to as `@name`. */
export const WORD_CLASSES: ReadonlyMap<string, TokenTest> = new Map<string, TokenTest>([
  // People who work for the company (or could): targets that take praise of a person, which has no aspect of its own.
  [
    "staff",
    words(
      "tech techs technician technicians guy guys crew crews team man men lady woman women kid apprentice helper assistant owner people staff employee employees worker workers installer mason sweeps folks gentleman fellow receptionist dispatcher scheduler",
    ),
  ],
  // What the company cleans, repairs or installs: "clean" about these is the work's result.
  [
    "workobj",
    words(
      "duct ducts ductwork vent vents venting flue flues chimney chimneys crown liner cap dryer stove fireplace furnace register registers return returns trunk line lines run runs pipe pipes hood damper insert brick bricks mortar flashing coil blower glass firebox shelf air airflow filter system stack tile tiles pipe joint joints",
    ),
  ],
  // The customer's home: mess on these is cleanliness.
  [
    "home",
    words(
      "house home place room rooms floor floors carpet carpets rug rugs hearth mantel mantle furniture couch sofa hall hallway stairs staircase basement kitchen porch patio yard driveway roof gutter gutters shingles everything area attic deck walkway lawn bushes siding wall walls living family bedroom laundry entryway doorway door foyer tile",
    ),
  ],
  // Dirt that a crew can leave behind.
  [
    "dirt",
    words(
      "soot ash ashes mud dirt debris dust grime footprints footprint prints handprints handprint smudges smudge mess crumbs splatter mortar chunks chunk shavings lint creosote muck sludge grit bits scraps",
    ),
  ],
  // "work" as a noun ("Work was OK", "the work itself"), not the verb.
  ["worknoun", (t) => t.lemma === "work" && (t.pos === "NOUN" || t.pos === "PROPN" || /^W/.test(t.text))],
  [
    "month",
    words(
      "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec spring summer fall autumn winter season",
    ),
  ],
  ["daypart", words("morning afternoon evening night day week month year")],
  ["weekday", words("monday tuesday wednesday thursday friday saturday sunday weekend")],
]);
