import { describe, expect, it } from "vitest";
import { findTechnicianIds } from "../../../src/lib/insights/entities/find-technicians.ts";

const ROSTER = [
  { id: "marcus-bell", name: "Marcus Bell" },
  { id: "dana-okafor", name: "Dana Okafor" },
  { id: "luis-ferreira", name: "Luis Ferreira" },
  { id: "kevin-tran", name: "Kevin Tran" },
  { id: "chris-walsh", name: "Chris Walsh" },
  { id: "chris-yoder", name: "Chris Yoder" },
];

function find(text: string, technicians: string[] = [], authorName = "Pat Q."): string[] {
  return findTechnicianIds({ text, technicians, authorName }, ROSTER);
}

describe("findTechnicianIds", () => {
  it.each<[string, string, string[], string, string[]]>([
    ["the field alone", "Great sweep, thanks!", ["dana-okafor"], "Pat Q.", ["dana-okafor"]],
    ["a unique first name in the text", "Kevin did the ducts.", [], "Pat Q.", ["kevin-tran"]],
    ["a full roster name", "Chris Yoder swept the flue.", [], "Pat Q.", ["chris-yoder"]],
    ["a first name with the surname initial", "Kevin T. and his helper were great.", [], "Pat Q.", ["kevin-tran"]],
    ["a title and surname", "Mr. Bell, the owner, came himself.", [], "Pat Q.", ["marcus-bell"]],
    ["a possessive", "Dana's report was clear.", [], "Pat Q.", ["dana-okafor"]],
    ["a name at the end of a sentence", "The sweep was done by Dana. Then we had coffee.", [], "Pat Q.", ["dana-okafor"]],
  ])("finds %s", (_name, text, field, author, expected) => {
    expect(find(text, field, author)).toEqual(expected);
  });

  it.each<[string, string, string[], string[]]>([
    ["Chris alone is ambiguous", "Chris cleaned the dryer vent.", [], []],
    ["the field says which Chris", "Chris cleaned the dryer vent.", ["chris-walsh"], ["chris-walsh"]],
    ["the field says the other Chris", "Chris swept the chimney.", ["chris-yoder"], ["chris-yoder"]],
  ])("disambiguates: %s", (_name, text, field, expected) => {
    expect(find(text, field)).toEqual(expected);
  });

  it.each<[string, string, string]>([
    ["a customer with a roster first name and another surname", "Luis Ortega here, my dryer works fast now.", "Pat Q."],
    ["a neighbor", "My neighbor Bill recommended them, and our neighbor Kevin too.", "Pat Q."],
    ["a pet or animal named like a tech", "The kids had already named him Kevin before we called.", "Pat Q."],
    ["the reviewer's own name", "Thanks again! - Dana", "Dana Smith"],
    ["the reviewer's own full name", "Signed, Luis Ferreira (no relation to anyone)", "Luis Ferreira"],
    ["a relative", "My son Marcus held the ladder.", "Pat Q."],
  ])("ignores %s", (_name, text, author) => {
    expect(find(text, [], author)).toEqual([]);
  });
});
