import { describe, expect, it } from "vitest";
import { findAreaMentions, findServiceMentions } from "../../../src/lib/insights/entities/find-services.ts";

const SERVICES = [
  "chimney-sweep",
  "inspection-level-1",
  "inspection-level-2",
  "dryer-vent-cleaning",
  "air-duct-cleaning",
  "chimney-cap",
  "crown-repair",
  "chimney-relining",
  "masonry-repair",
  "waterproofing",
  "animal-removal",
];

describe("findServiceMentions", () => {
  it.each<[string, string[]]>([
    ["They did a Level 2 with the camera before the sale.", ["inspection-level-2"]],
    ["Chris cleaned the dryer vent and pulled out a wad of lint.", ["dryer-vent-cleaning"]],
    ["A raccoon was living above the damper; they put on a stainless cap.", ["chimney-cap", "animal-removal"]],
    ["The new crown passed the town inspection with no notes.", ["crown-repair"]],
    ["The home inspector flagged the chimney.", []],
    ["We sealed the box with duct tape.", []],
    ["Our dryer ducts were clean.", ["dryer-vent-cleaning"]],
  ])("%s", (text, expected) => {
    expect(findServiceMentions(text, SERVICES)).toEqual(expected);
  });
});

describe("findAreaMentions", () => {
  const areas = [
    { id: "allentown", name: "Allentown" },
    { id: "emmaus", name: "Emmaus" },
  ];
  it.each<[string, string[]]>([
    ["We moved from Emmaus to Allentown.", ["allentown", "emmaus"]],
    ["No town named here.", []],
  ])("%s", (text, expected) => {
    expect(findAreaMentions(text, areas)).toEqual(expected);
  });
});
