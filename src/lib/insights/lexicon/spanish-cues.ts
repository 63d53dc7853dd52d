import { defineCues, type LexiconEntry } from "./cue-types.ts";

/**
 * Common Spanish ways to judge each aspect. The business is in Allentown,
 * where many customers write in Spanish or switch to it, and the rest of the
 * lexicon reads English only. Each word is listed with and without its
 * accents, since reviews typed on phones often drop them. As in English
 * (docs/aspects.md), generic praise ("excelente servicio", "buena gente")
 * names no aspect, the inside of a duct left clean is the work, and a call
 * about arriving is punctuality. These cues match the words as written.
 * The English gloss (nlp/spanish-gloss.ts) gives "no", "nunca", "nadie",
 * "nada" and "sin" English negator forms, and those negate any cue after
 * them, these included ("Nunca fueron profesionales."); phrasings whose
 * negator belongs to the phrase are written out here.
 */
const ARRIVED = "(llegaron|llegó|llego|vinieron|vino|aparecieron|apareció|aparecio)";
const CLEAN_WORDS = "limpio|limpia|limpios|limpias|limpiecito";
const CLEAN = `(${CLEAN_WORDS})`;

const PUNCTUALITY = defineCues("punctuality", {
  positive: ["puntual|puntuales|puntualidad", `${ARRIVED} (a tiempo|temprano|a la hora)`, "a la hora (acordada|indicada|que dijeron)"],
  negative: [
    `${ARRIVED} (tarde|tardísimo|tardisimo)`,
    "(una|dos|tres|#num|media) (hora|horas) tarde",
    `(nunca|no) ${ARRIVED} (a tiempo|a la hora)?`,
    "(nunca|no) se (aparecieron|apareció|aparecio|presentaron|presentó|presento)",
    "impuntual|impuntuales",
  ],
});

const CLEANLINESS = defineCues("cleanliness", {
  positive: [
    `(dejaron|dejó|dejo) (todo)? (muy|bien)? (${CLEAN_WORDS}|recogido)`,
    `(muy|bien|súper|super) ${CLEAN}`,
    "(pusieron|puso) (plástico|plastico|lonas|una lona|cubiertas) (en el piso|en los muebles|en el suelo)?",
    "(no|nunca) (ensuciaron|ensució|ensucio) (nada)?",
    "sin (desorden|reguero|tiradero)",
    "(recogieron|recogió|recogio) todo",
  ],
  negative: ["(dejaron|dejó|dejo) (un|todo)? (reguero|tiradero|desorden|sucio|polvo|hollín|hollin)", "(ensuciaron|ensució|ensucio) (todo|el piso|la alfombra)"],
});

const PROFESSIONALISM = defineCues("professionalism", {
  positive: [
    "profesional|profesionales|amable|amables|respetuosos|respetuoso|respetuosa|educados|educado|educada|honestos|honesto|honesta|atentos|atento|atenta|cumplidores",
    "(nos|me) (trataron|trató|trato) (muy)? bien",
  ],
  negative: [
    "grosero|grosera|groseros|maleducado|maleducados|maleducada|irrespetuoso|irrespetuosos|deshonesto|deshonestos|estafadores|ladrones",
    "mal (educado|educados|educada)",
    "(nos|me) (trataron|trató|trato) (muy)? mal",
  ],
});

const WORK_QUALITY = defineCues("work_quality", {
  positive: [
    "(buen|buenísimo|buenisimo|excelente|gran|muy buen) trabajo",
    "(trabajaron|trabajan|trabajó|trabajo) (muy)? bien",
    "(quedó|quedo|quedaron) (muy)? (bien|perfecto|perfecta|perfectos|como nuevo|como nueva)",
    // The ducts or the flue left clean are the result of the work, not the crew's tidiness.
    `(quedó|quedo|quedaron|están|estan|está|esta) (muy|bien)? ${CLEAN}`,
  ],
  negative: [
    "(mal|pésimo|pesimo|terrible|malísimo|malisimo) trabajo",
    "(quedó|quedo|quedaron) mal",
    "mal hecho",
    "(no|nunca) (limpiaron|arreglaron|funcionó|funciono|sirvió|sirvio)",
    "(sigue|siguió|siguio) (igual|el mismo problema)",
  ],
});

const PRICE_VALUE = defineCues("price_value", {
  positive: [
    "(buen|excelente|muy buen) precio",
    "(precio|precios) (muy)? (justo|justos|razonable|razonables|bueno|buenos|accesible|accesibles)",
    "(barato|baratos|económico|economico|económicos|economicos)",
    "vale la pena",
  ],
  // "Cara" and "Caro" alone are names ("Cara in the office"): the adjective needs its adverb or verb.
  negative: [
    "(muy|un poco|bastante|algo|demasiado|súper|super|es|fue|son|salió|salio) (caro|cara|caros)",
    "carísimo|carisimo|carísimos|carisimos",
    "(cobraron|cobran|cobró|cobro) (demasiado|mucho|de más|de mas)",
    "(un abuso|un robo)",
  ],
});

const COMMUNICATION = defineCues("communication", {
  positive: [
    "(explicó|explico|explicaron|explican)",
    "(contestan|contestaron|responden|respondieron) (rápido|rapido|enseguida|de una vez)",
    "(me|nos) (mantuvieron|mantienen) (informado|informados|informada)",
    "(mandaron|enviaron|mandó|mando|envió|envio) (fotos|video|videos|el reporte|el informe)",
    "(me|nos) (enseñó|enseno|enseñaron|ensenaron|mostró|mostro|mostraron) (las)? (fotos|video|videos|el video)",
    "buena comunicación|buena comunicacion",
  ],
  negative: [
    "(no|nunca) (contestan|contestaron|contesta|contestó|contesto|responden|respondieron) (el teléfono|el telefono|las llamadas|los mensajes|mensajes)?",
    "(no|nunca) (me|nos) (llamaron|contestaron|respondieron)",
    "(no|nunca) (me|nos)? (devuelven|devolvieron) (la llamada|las llamadas|el mensaje|los mensajes)",
    "nadie (contesta|contestó|contesto|llamó|llamo|responde|respondió|respondio)",
    "(mala|poca|cero) (comunicación|comunicacion)",
  ],
});

const SCHEDULING = defineCues("scheduling", {
  positive: [
    `${ARRIVED} (el|al) (mismo día|mismo dia|día siguiente|dia siguiente)`,
    "(me|nos)? (acomodaron|acomodó|acomodo|acomodarme|acomodarnos) (la cita|el mismo día|el mismo dia)?",
    "(me|nos) (dieron|consiguieron) (una)? cita (rápido|rapido|enseguida|pronto)",
    "(llamé|llame) el (lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado) y (vinieron|vino|llegaron) el",
  ],
  negative: ["(cancelaron|canceló|cancelo|reprogramaron|cambiaron) (mi|la|nuestra)? (cita|visita)", "(semanas|meses) (para|esperando) (una)? (cita|visita)"],
});

export const SPANISH_CUES: LexiconEntry[] = [
  ...PUNCTUALITY,
  ...CLEANLINESS,
  ...PROFESSIONALISM,
  ...WORK_QUALITY,
  ...PRICE_VALUE,
  ...COMMUNICATION,
  ...SCHEDULING,
];
