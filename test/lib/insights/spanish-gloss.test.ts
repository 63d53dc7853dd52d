import { describe, expect, it } from "vitest";
import { readSentences } from "../../../src/lib/insights/nlp/read-text.ts";
import { glossSpanish, glossWord, spanishSentences } from "../../../src/lib/insights/nlp/spanish-gloss.ts";

/** Each token as lower/norm/lemma after the gloss, sentence by sentence. */
const glossed = (text: string) =>
  glossSpanish(readSentences(text)).map((sentence) => sentence.tokens.filter((t) => !t.isPunct).map((t) => `${t.lower}/${t.norm}/${t.lemma}`));

describe("glossSpanish", () => {
  it("gives the words of a Spanish sentence English normal forms and lemmas, keeping the text as written", () => {
    const text = "El técnico llegó dos horas tarde y no avisaron.";
    const [sentence] = glossSpanish(readSentences(text));
    expect(sentence!.text).toBe(text);
    expect(sentence!.tokens.map((t) => t.text).join(" ")).toBe("El técnico llegó dos horas tarde y no avisaron .");
    expect(glossed(text)[0]).toEqual([
      "el/the/the",
      "técnico/tech/tech",
      "llegó/arrived/arrive",
      "dos/dos/dos",
      "horas/hours/hour",
      "tarde/late/late",
      "y/and/and",
      "no/not/not",
      "avisaron/notified/notify",
    ]);
  });

  it("reads 'a tiempo' as on time and 'la tarde' as the afternoon, not as late", () => {
    expect(glossed("Vinieron a tiempo en la tarde.")[0]).toEqual([
      "vinieron/came/come",
      "a/on/on",
      "tiempo/time/time",
      "en/in/in",
      "la/the/the",
      "tarde/afternoon/afternoon",
    ]);
  });

  it("reads 'a tiempo' as in time where nobody arrives", () => {
    expect(glossed("Detectaron la grieta a tiempo.")[0]!.slice(-2)).toEqual(["a/in/in", "tiempo/time/time"]);
  });

  it("leaves an English sentence as it was, words that Spanish also writes included", () => {
    const sentences = readSentences("Yo these guys are legit, no mess on the sofa. Cara in the office was a pro.");
    const after = glossSpanish(sentences);
    expect(after[0]).toBe(sentences[0]);
    expect(after[1]).toBe(sentences[1]);
  });

  it("glosses a Spanish-only word in an English sentence, but not a word English also writes", () => {
    expect(glossed("The tech was muy amable, no complaints.")[0]).toEqual([
      "the/the/the",
      "tech/tech/tech",
      "was/was/be",
      "muy/very/very",
      "amable/friendly/friendly",
      "no/no/no",
      "complaints/complaints/complaint",
    ]);
  });

  it("takes a short sentence as Spanish when the review around it is Spanish", () => {
    const sentences = readSentences("Muy contentos con el servicio, todo quedó limpio. Llegaron a tiempo.");
    expect(spanishSentences(sentences)).toEqual([true, true]);
    expect(glossed("Llegaron a tiempo.")[0]).toEqual(["llegaron/arrived/arrive", "a/on/on", "tiempo/time/time"]);
  });

  it("reads the names of an object's own properties as plain words, in English and in Spanish", () => {
    // The dictionary was once a plain object, whose "constructor" is a function: such a word broke the analysis.
    const names = ["constructor", "tostring", "valueof", "hasownproperty", "isprototypeof"];
    for (const text of [`The ${names.join(" ")} said.`, `El ${names.join(" ")} y la casa.`]) {
      const before = readSentences(text)[0]!.tokens;
      const after = glossSpanish(readSentences(text))[0]!.tokens;
      after.forEach((token, i) => {
        expect(typeof token.norm).toBe("string");
        if (names.includes(token.lower)) expect([token.norm, token.lemma]).toEqual([before[i]!.norm, before[i]!.lemma]);
      });
    }
    for (const name of [...names, "__proto__", "toString"]) expect(glossWord(name, true)).toBeUndefined();
  });

  it("does not take a sentence as Spanish on one Spanish word, nor on the particles of a name", () => {
    for (const text of [
      "Gracias, Carlos de la Rosa!",
      "Carlos de la Rosa came a day late.",
      "Found them through the USA Today page.",
      "Los Angeles y San Diego.",
    ])
      expect(spanishSentences(readSentences(text))).toEqual([false]);
    expect(glossed("Carlos de la Rosa came a day late.")[0]).toContain("a/a/a");
  });

  it("takes a sentence of one Spanish word as Spanish only inside a Spanish review", () => {
    expect(spanishSentences(readSentences("Llegaron."))).toEqual([false]);
    expect(spanishSentences(readSentences("El técnico fue muy amable y todo quedó limpio. Llegaron."))).toEqual([true, true]);
  });

  it("reads the first word after an opening mark as the sentence's first, not as a name", () => {
    expect(glossed("¡Nunca fueron groseros!")[0]![0]).toBe("nunca/never/never");
    expect(spanishSentences(readSentences("- Llegaron tarde."))).toEqual([true]);
  });

  it("reads a past tense written with its accent as the verb, not as the noun without it", () => {
    expect(glossWord("avisó", true)).toEqual(["notified", "notify"]);
    expect(glossWord("aviso", true)).toBe("notice");
    expect(glossWord("limpió", false)).toEqual(["cleaned", "clean"]);
    expect(glossWord("limpio", false)).toBe("clean");
  });

  it("leaves a name alone, and reads the same word in lower case as Spanish", () => {
    expect(glossed("Llegó Justo con Domingo, muy amables.")[0]).toEqual(
      expect.arrayContaining(["justo/justo/justo", "domingo/domingo/domingo", "amables/friendly/friendly"]),
    );
    expect(spanishSentences(readSentences("Muy caro."))).toEqual([true]);
    expect(glossed("Muy caro.")[0]).toEqual(["muy/very/very", "caro/expensive/expensive"]);
  });

  it("reads each phrase in its sense", () => {
    const tail = (text: string, n: number) =>
      glossed(text)[0]!
        .slice(-n)
        .map((t) => t.split("/")[1]);
    expect(tail("Llegaron justo a tiempo.", 3)).toEqual(["just", "on", "time"]);
    expect(tail("Estuvieron a la hora.", 3)).toEqual(["right", "on", "time"]);
    expect(tail("El problema fue a la hora de pagar.", 5)).toEqual(["to", "the", "hour", "of", "pay"]);
    expect(tail("Vinieron esta tarde.", 2)).toEqual(["this", "afternoon"]);
    expect(tail("Dijeron que llamarían más tarde.", 2)).toEqual(["later", "on"]);
    expect(tail("Pusieron mala cara cuando pregunté.", 4).slice(0, 2)).toEqual(["bad", "attitude"]);
    expect(tail("El precio fue justo.", 1)).toEqual(["fair"]);
    expect(tail("Fue justo lo que pedimos.", 4)[0]).toBe("just");
    expect(tail("Nos mostraron a tiempo el presupuesto.", 4).slice(0, 2)).toEqual(["in", "time"]);
    expect(tail("Vinieron justo como dijeron.", 3)).toEqual(["just", "como", "said"]);
  });

  it("gives each kind of word its sense", () => {
    const senses: [string, string | readonly [string, string]][] = [
      ["sucio", "dirty"],
      ["barato", "cheap"],
      ["nunca", "never"],
      ["nadie", "nobody"],
      ["grosero", "rude"],
      ["puntuales", "punctual"],
      ["llamaron", ["called", "call"]],
      ["dejaron", ["left", "leave"]],
      ["cobraron", ["charged", "charge"]],
      ["contestan", ["answer", "answer"]],
      ["avisaron", ["notified", "notify"]],
      ["atendieron", ["helped", "help"]],
      ["barrio", "neighborhood"],
      ["espero", "hope"],
    ];
    for (const [word, sense] of senses) expect([word, glossWord(word, true)]).toEqual([word, sense]);
  });

  it("reads an accent typed as a combining mark like the composed letter", () => {
    expect(glossWord("esta\u0301", false)).toEqual(["is", "be"]);
    expect(glossWord("te\u0301cnico", false)).toBe("tech");
  });

  it("looks a word up as written, then without its accents; verb forms only inside Spanish", () => {
    expect(glossWord("está", false)).toEqual(["is", "be"]);
    expect(glossWord("esta", false)).toBe("this");
    expect(glossWord("rápido", false)).toBe("quick");
    expect(glossWord("limpiaron", false)).toBeUndefined();
    expect(glossWord("limpiaron", true)).toEqual(["cleaned", "clean"]);
    expect(glossWord("limpiar", true)).toEqual(["clean", "clean"]);
    expect(glossWord("no", false)).toBeUndefined();
    expect(glossWord("no", true)).toBe("not");
  });
});
