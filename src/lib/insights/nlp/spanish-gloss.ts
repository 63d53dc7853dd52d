import type { Sentence, Token, TokenWord } from "./read-text.ts";

/**
 * A word-for-word English gloss of Spanish, for the aspect analysis only.
 * The business is in Allentown, where many customers write in Spanish or
 * switch to it, and the rules and learned models read English. Each Spanish
 * word the list knows takes an English normal form and lemma ("limpio" reads
 * as "clean", "llegaron" as "arrived"/"arrive"), while its lower-case text
 * stays Spanish, so the Spanish cues (lexicon/spanish-cues.ts) still match and
 * the quoted sentence is still the verbatim one. This is dictionary-based
 * lexical transfer: word order stays Spanish, so English phrase rules fire
 * only where the orders agree ("muy limpio", "very clean"), and the learned
 * models read the English words.
 *
 * Words that English also writes ("no", "a", "con", "Cara") are glossed only
 * inside a sentence that reads as Spanish; regular verbs are conjugated from
 * their stems, and only inside such a sentence as well, since a generated form
 * can be an English word ("revise"). Keys are lower-case without accents;
 * a word is looked up as written first, then without its accents.
 */

/** An English gloss: one word (normal form and lemma alike), or a normal form and its lemma. */
type Gloss = string | readonly [norm: string, lemma: string];

/** Spanish words that are not English words: glossed wherever they appear. */
const WORDS = new Map<string, Gloss>(
  Object.entries({
    // Function words and pronouns.
    que: "that",
    qué: "what",
    muy: "very",
    pero: "but",
    por: "for",
    porque: "because",
    xq: "because",
    pq: "because",
    porq: "because",
    cuando: "when",
    donde: "where",
    nos: "us",
    unos: "some",
    unas: "some",
    mis: "my",
    sus: "their",
    nuestro: "our",
    nuestra: "our",
    él: "he",
    ella: "she",
    ellos: "they",
    ellas: "they",
    nosotros: "we",
    usted: "you",
    ustedes: "you",
    este: "this",
    esta: "this",
    estos: "these",
    estas: "these",
    esto: "this",
    ese: "that",
    esa: "that",
    eso: "that",
    aqui: "here",
    ahi: "there",
    alli: "there",
    tambien: "also",
    tmb: "also",
    tb: "also",
    tampoco: "neither",
    todo: "everything",
    toda: "all",
    todos: "all",
    todas: "all",
    nada: "nothing",
    nadie: "nobody",
    ninguno: "none",
    ninguna: "none",
    nunca: "never",
    jamas: "never",
    siempre: "always",
    todavia: "still",
    aun: "still",
    ahora: "now",
    ahorita: "now",
    despues: "after",
    antes: "before",
    luego: "later",
    casi: "almost",
    demasiado: "too",
    bastante: "quite",
    mucho: ["much", "much"],
    mucha: "much",
    muchos: ["many", "many"],
    muchas: ["many", "many"],
    poco: "little",
    poca: "little",
    más: "more",
    menos: "less",
    gracias: ["thanks", "thanks"],
    sí: "yes",
    otra: "another",
    otro: "another",
    vez: "time",
    veces: ["times", "time"],
    igual: "same",
    // Judgements.
    limpio: "clean",
    limpia: "clean",
    limpios: "clean",
    limpias: "clean",
    limpiecito: "clean",
    limpiecita: "clean",
    limpiesito: "clean",
    limpiesita: "clean",
    limpiecitos: "clean",
    sucio: "dirty",
    sucia: "dirty",
    sucios: "dirty",
    sucias: "dirty",
    rapido: "quick",
    rapida: "quick",
    rapidos: "quick",
    rapidas: "quick",
    rapidamente: "quickly",
    lento: "slow",
    lenta: "slow",
    lentos: "slow",
    caro: "expensive",
    caros: "expensive",
    carisimo: "expensive",
    carisima: "expensive",
    barato: "cheap",
    barata: "cheap",
    baratos: "cheap",
    economico: "affordable",
    economica: "affordable",
    justo: "fair",
    razonable: "reasonable",
    razonables: "reasonable",
    accesible: "affordable",
    amable: "friendly",
    amables: "friendly",
    simpatico: "nice",
    simpatica: "nice",
    simpaticos: "nice",
    agradable: "pleasant",
    agradables: "pleasant",
    grosero: "rude",
    grosera: "rude",
    groseros: "rude",
    maleducado: "rude",
    maleducada: "rude",
    maleducados: "rude",
    puntual: "punctual",
    puntuales: "punctual",
    puntualidad: "punctuality",
    impuntual: "late",
    impuntuales: "late",
    tarde: "late",
    temprano: "early",
    bueno: "good",
    buena: "good",
    buenos: "good",
    buenas: "good",
    buen: "good",
    bien: "good",
    bn: "good",
    malos: "bad",
    malas: "bad",
    pesimo: "terrible",
    pesima: "terrible",
    pesimos: "terrible",
    excelente: "excellent",
    excelentes: "excellent",
    exelente: "excellent",
    exelentes: "excellent",
    perfecto: "perfect",
    perfecta: "perfect",
    perfectos: "perfect",
    increible: "amazing",
    increibles: "amazing",
    genial: "great",
    geniales: "great",
    chevere: "great",
    barbaro: "great",
    profesional: "professional",
    profesionales: "professional",
    profecional: "professional",
    honesto: "honest",
    honesta: "honest",
    honestos: "honest",
    deshonesto: "dishonest",
    deshonestos: "dishonest",
    responsable: "responsible",
    responsables: "responsible",
    irresponsable: "irresponsible",
    irresponsables: "irresponsible",
    serio: "serious",
    serios: "serious",
    confiable: "reliable",
    confiables: "reliable",
    cuidadoso: "careful",
    cuidadosa: "careful",
    cuidadosos: "careful",
    descuidado: "careless",
    descuidados: "careless",
    atento: "attentive",
    atenta: "attentive",
    atentos: "attentive",
    educado: "polite",
    educada: "polite",
    educados: "polite",
    respetuoso: "respectful",
    respetuosa: "respectful",
    respetuosos: "respectful",
    paciente: "patient",
    pacientes: "patient",
    claro: "clear",
    claros: "clear",
    nuevo: "new",
    nueva: "new",
    peor: "worse",
    mejor: "better",
    mejores: "best",
    contento: "happy",
    contenta: "happy",
    contentos: "happy",
    feliz: "happy",
    felices: "happy",
    satisfecho: "satisfied",
    satisfecha: "satisfied",
    satisfechos: "satisfied",
    agradecido: "grateful",
    agradecida: "grateful",
    agradecidos: "grateful",
    decepcionado: "disappointed",
    decepcionada: "disappointed",
    molesto: "upset",
    molesta: "upset",
    enojado: "angry",
    enojada: "angry",
    recomendado: "recommended",
    recomendada: "recommended",
    recomendados: "recommended",
    recomendable: "recommended",
    recomendables: "recommended",
    // The job, the house, the people.
    trabajo: "work",
    trabajos: ["works", "work"],
    precio: "price",
    precios: ["prices", "price"],
    costo: "cost",
    costos: ["costs", "cost"],
    cobro: "charge",
    tarifa: "fee",
    cotizacion: "quote",
    estimado: "estimate",
    presupuesto: "estimate",
    factura: "bill",
    dinero: "money",
    dolares: ["dollars", "dollar"],
    cita: "appointment",
    citas: ["appointments", "appointment"],
    turno: "appointment",
    horario: "schedule",
    hora: "hour",
    horas: ["hours", "hour"],
    minutos: ["minutes", "minute"],
    tiempo: "time",
    dia: "day",
    dias: ["days", "day"],
    semana: "week",
    semanas: ["weeks", "week"],
    mes: "month",
    meses: ["months", "month"],
    casa: "house",
    hogar: "home",
    chimenea: "chimney",
    chimeneas: ["chimneys", "chimney"],
    ducto: "duct",
    ductos: ["ducts", "duct"],
    conducto: "duct",
    conductos: ["ducts", "duct"],
    ventila: "vent",
    ventilacion: "vent",
    secadora: "dryer",
    tubo: "pipe",
    estufa: "stove",
    tapa: "cap",
    sombrerete: "cap",
    ladrillos: ["bricks", "brick"],
    grieta: "crack",
    grietas: ["cracks", "crack"],
    humo: "smoke",
    hollin: "soot",
    leña: "wood",
    cuidado: "care",
    olor: "smell",
    polvo: "dust",
    mugre: "dirt",
    suciedad: "dirt",
    basura: "trash",
    desorden: "mess",
    reguero: "mess",
    tiradero: "mess",
    piso: "floor",
    pisos: ["floors", "floor"],
    suelo: "floor",
    alfombra: "carpet",
    muebles: "furniture",
    pared: "wall",
    techo: "roof",
    zapatos: ["shoes", "shoe"],
    botas: ["boots", "boot"],
    lona: "tarp",
    lonas: ["tarps", "tarp"],
    plastico: "plastic",
    sabana: "sheet",
    llamada: "call",
    llamadas: ["calls", "call"],
    telefono: "phone",
    mensaje: "message",
    mensajes: ["messages", "message"],
    correo: "email",
    oficina: "office",
    recepcionista: "receptionist",
    secretaria: "secretary",
    tecnico: ["tech", "tech"],
    tecnicos: ["techs", "tech"],
    muchacho: "guy",
    muchachos: ["guys", "guy"],
    chico: "guy",
    chicos: ["guys", "guy"],
    senor: "man",
    senora: "lady",
    dueno: "owner",
    duena: "owner",
    jefe: "boss",
    equipo: "team",
    empresa: "company",
    compania: "company",
    servicio: "service",
    cliente: "customer",
    clientes: ["customers", "customer"],
    atencion: "service",
    trato: "treatment",
    problema: "problem",
    problemas: ["problems", "problem"],
    fotos: ["photos", "photo"],
    foto: "photo",
    reporte: "report",
    informe: "report",
    garantia: "warranty",
    inspeccion: "inspection",
    revision: "inspection",
    limpieza: "cleaning",
    mantenimiento: "maintenance",
    reparacion: "repair",
    // Booking, timing, talking, paying.
    fecha: "date",
    fechas: ["dates", "date"],
    disponibilidad: "availability",
    disponible: "available",
    disponibles: "available",
    mismo: "same",
    misma: "same",
    siguiente: "next",
    proximo: "next",
    proxima: "next",
    pronto: "soon",
    enseguida: ["immediately", "immediately"],
    inmediatamente: ["immediately", "immediately"],
    emergencia: "emergency",
    urgente: "urgent",
    lunes: "monday",
    martes: "tuesday",
    miercoles: "wednesday",
    jueves: "thursday",
    viernes: "friday",
    sabado: "saturday",
    domingo: "sunday",
    retraso: "delay",
    demora: "delay",
    puntualmente: ["punctually", "punctually"],
    comunicacion: "communication",
    respuesta: "response",
    texto: "text",
    amabilidad: "kindness",
    respeto: "respect",
    cortes: "polite",
    actitud: "attitude",
    groseria: "rudeness",
    ordenado: "tidy",
    ordenados: "tidy",
    ahorro: "savings",
    oferta: "deal",
    descuento: "discount",
    cupon: "coupon",
    cargo: "charge",
    gratis: "free",
    mejoro: ["improved", "improve"],
    mejoraron: ["improved", "improve"],
    // Verbs with irregular or spelling-changed forms (regular ones are conjugated below).
    llegue: ["arrived", "arrive"],
    vino: ["came", "come"],
    vinieron: ["came", "come"],
    viene: ["comes", "come"],
    vienen: ["come", "come"],
    hizo: ["did", "do"],
    hicieron: ["did", "do"],
    hace: ["does", "do"],
    hacen: ["do", "do"],
    hecho: ["done", "do"],
    dijo: ["said", "say"],
    dijeron: ["said", "say"],
    dice: ["says", "say"],
    dicen: ["say", "say"],
    puso: ["put", "put"],
    pusieron: ["put", "put"],
    tuve: ["had", "have"],
    tuvo: ["had", "have"],
    tuvieron: ["had", "have"],
    tiene: ["has", "have"],
    tienen: ["have", "have"],
    tengo: ["have", "have"],
    fue: ["was", "be"],
    fueron: ["were", "be"],
    es: ["is", "be"],
    eran: ["were", "be"],
    está: ["is", "be"],
    estan: ["are", "be"],
    estaba: ["was", "be"],
    estaban: ["were", "be"],
    estuvo: ["was", "be"],
    estuvieron: ["were", "be"],
    quedo: ["was", "be"],
    quedaron: ["were", "be"],
    queda: ["is", "be"],
    quedan: ["are", "be"],
    salio: ["was", "be"],
    sigue: ["still", "still"],
    siguen: ["still", "still"],
    huele: ["smells", "smell"],
    recomiendo: ["recommend", "recommend"],
    recomienda: ["recommends", "recommend"],
    recomiendan: ["recommend", "recommend"],
    vuelvo: ["return", "return"],
    vuelve: ["returns", "return"],
    volvio: ["returned", "return"],
    volvieron: ["returned", "return"],
    volvere: ["return", "return"],
    volveria: ["return", "return"],
    volveremos: ["return", "return"],
    devolvio: ["returned", "return"],
    devolvieron: ["returned", "return"],
    devuelve: ["returns", "return"],
    devuelven: ["return", "return"],
    entiendo: ["understand", "understand"],
    entienden: ["understand", "understand"],
    pidieron: ["asked", "ask"],
    pido: ["ask", "ask"],
    quiero: ["want", "want"],
    quiere: ["wants", "want"],
    puede: ["can", "can"],
    pueden: ["can", "can"],
    pudo: ["could", "can"],
    pudieron: ["could", "can"],
    deberian: ["should", "should"],
    cuesta: ["costs", "cost"],
    vale: ["worth", "worth"],
    cubierto: ["covered", "cover"],
    roto: ["broken", "break"],
    rota: ["broken", "break"],
    resuelto: ["solved", "solve"],
    muestra: ["shows", "show"],
    saque: ["removed", "remove"],
    pague: ["paid", "pay"],
    explique: ["explained", "explain"],
    dio: ["gave", "give"],
    dieron: ["gave", "give"],
    doy: ["give", "give"],
    vio: ["saw", "see"],
    vieron: ["saw", "see"],
    trajo: ["brought", "bring"],
    trajeron: ["brought", "bring"],
    olvidaron: ["forgot", "forget"],
    olvido: ["forgot", "forget"],
  } satisfies Record<string, Gloss>),
);

/** Spanish words that English also writes: glossed only in a sentence that reads as Spanish. */
const SHARED = new Map<string, Gloss>(
  Object.entries({
    no: "not",
    a: "to",
    o: "or",
    y: "and",
    el: "the",
    la: "the",
    los: "the",
    las: "the",
    del: "of",
    al: "to",
    de: "of",
    en: "in",
    un: "a",
    con: "with",
    sin: "without",
    lo: "it",
    mi: "my",
    su: "their",
    te: "you",
    mal: "bad",
    mala: "bad",
    cara: "expensive",
    caras: "expensive",
    solo: "only",
    tan: "so",
    mas: "more",
    ya: "already",
    hay: ["there", "there"],
    son: ["are", "be"],
    era: ["was", "be"],
    van: ["go", "go"],
    q: "that",
    k: "that",
    x: "for",
    pa: "for",
    re: "very",
    super: "super",
    brutal: "great",
    fatal: "terrible",
    para: "for",
    vi: ["saw", "see"],
    una: "a",
    malo: "bad",
    clara: "clear",
    lena: "wood",
    yo: "i",
    sofa: "couch",
  } satisfies Record<string, Gloss>),
);

/** Regular verbs: stem, conjugation, English base form and past form. */
const VERBS: ReadonlyArray<readonly [stem: string, conjugation: "ar" | "er" | "ir", base: string, past: string]> = [
  ["lleg", "ar", "arrive", "arrived"],
  ["limpi", "ar", "clean", "cleaned"],
  ["dej", "ar", "leave", "left"],
  ["cobr", "ar", "charge", "charged"],
  ["pag", "ar", "pay", "paid"],
  ["llam", "ar", "call", "called"],
  ["contest", "ar", "answer", "answered"],
  ["explic", "ar", "explain", "explained"],
  ["trabaj", "ar", "work", "worked"],
  ["recomend", "ar", "recommend", "recommended"],
  ["cambi", "ar", "change", "changed"],
  ["cancel", "ar", "cancel", "canceled"],
  ["esper", "ar", "wait", "waited"],
  ["tard", "ar", "take", "took"],
  ["demor", "ar", "take", "took"],
  ["atras", "ar", "delay", "delayed"],
  ["retras", "ar", "delay", "delayed"],
  ["avis", "ar", "notify", "notified"],
  ["mand", "ar", "send", "sent"],
  ["envi", "ar", "send", "sent"],
  ["revis", "ar", "check", "checked"],
  ["cheque", "ar", "check", "checked"],
  ["inspeccion", "ar", "inspect", "inspected"],
  ["arregl", "ar", "fix", "fixed"],
  ["repar", "ar", "repair", "repaired"],
  ["solucion", "ar", "solve", "solved"],
  ["ensuci", "ar", "dirty", "dirtied"],
  ["manch", "ar", "stain", "stained"],
  ["proteg", "er", "protect", "protected"],
  ["cubr", "ir", "cover", "covered"],
  ["cuid", "ar", "care", "cared"],
  ["trat", "ar", "treat", "treated"],
  ["atend", "er", "help", "helped"],
  ["ayud", "ar", "help", "helped"],
  ["respond", "er", "respond", "responded"],
  ["agend", "ar", "schedule", "scheduled"],
  ["program", "ar", "schedule", "scheduled"],
  ["reprogram", "ar", "reschedule", "rescheduled"],
  ["confirm", "ar", "confirm", "confirmed"],
  ["mostr", "ar", "show", "showed"],
  ["ensen", "ar", "show", "showed"],
  ["cumpl", "ir", "deliver", "delivered"],
  ["promet", "er", "promise", "promised"],
  ["gast", "ar", "spend", "spent"],
  ["termin", "ar", "finish", "finished"],
  ["acab", "ar", "finish", "finished"],
  ["sac", "ar", "remove", "removed"],
  ["instal", "ar", "install", "installed"],
  ["romp", "er", "break", "broke"],
  ["barr", "er", "sweep", "swept"],
  ["aspir", "ar", "vacuum", "vacuumed"],
  ["pregunt", "ar", "ask", "asked"],
  ["resolv", "er", "solve", "solved"],
  ["funcion", "ar", "work", "worked"],
  ["olvid", "ar", "forget", "forgot"],
  ["ignor", "ar", "ignore", "ignored"],
  ["engan", "ar", "cheat", "cheated"],
  ["estaf", "ar", "scam", "scammed"],
  ["rob", "ar", "rob", "robbed"],
  ["quej", "ar", "complain", "complained"],
  ["habl", "ar", "talk", "talked"],
  ["entend", "er", "understand", "understood"],
  ["necesit", "ar", "need", "needed"],
  ["contrat", "ar", "hire", "hired"],
  ["us", "ar", "use", "used"],
  ["prend", "er", "light", "lit"],
  ["salud", "ar", "greet", "greeted"],
  ["recog", "er", "tidy", "tidied"],
  ["inform", "ar", "inform", "informed"],
];

/** Endings by conjugation, and whether the form reads as past (preterite, imperfect, participle) or not. */
const ENDINGS: Record<"ar" | "er" | "ir", ReadonlyArray<readonly [ending: string, past: boolean]>> = {
  ar: [
    ["ar", false],
    ["a", false],
    ["an", false],
    ["as", false],
    ["amos", false],
    ["ando", false],
    ["en", false],
    // Without accents, "llego" is "llegó" as often as "I arrive": reviews tell of the past.
    ["o", true],
    ["e", true],
    ["aste", true],
    ["aron", true],
    ["aba", true],
    ["aban", true],
    ["ado", true],
    ["ada", true],
    ["ados", true],
    ["adas", true],
  ],
  er: [
    ["er", false],
    ["o", false],
    ["e", false],
    ["es", false],
    ["en", false],
    ["emos", false],
    ["iendo", false],
    ["i", true],
    ["io", true],
    ["iste", true],
    ["ieron", true],
    ["ia", true],
    ["ian", true],
    ["ido", true],
    ["ida", true],
    ["idos", true],
    ["idas", true],
  ],
  ir: [
    ["ir", false],
    ["o", false],
    ["e", false],
    ["es", false],
    ["en", false],
    ["imos", false],
    ["iendo", false],
    ["i", true],
    ["io", true],
    ["iste", true],
    ["ieron", true],
    ["ia", true],
    ["ian", true],
    ["ido", true],
    ["ida", true],
    ["idos", true],
    ["idas", true],
  ],
};

function conjugate(): Map<string, Gloss> {
  const forms = new Map<string, Gloss>();
  for (const [stem, conjugation, base, past] of VERBS)
    for (const [ending, isPast] of ENDINGS[conjugation]) {
      const form = stem + ending;
      if (!forms.has(form) && !WORDS.has(form)) forms.set(form, [isPast ? past : base, base]);
    }
  return forms;
}

/**
 * Spanish phrases whose words, glossed one by one, would lose the English
 * phrase: "la tarde" is the afternoon (not "late"). Each Spanish word takes
 * the English word at its place. "A tiempo" and "a la hora" are "on time"
 * only after arriving ("llegaron a tiempo"); elsewhere "a tiempo" is "in
 * time" ("detectaron la grieta a tiempo").
 */
const PHRASES: ReadonlyArray<readonly [spanish: readonly string[], english: readonly string[], afterArriving?: boolean]> = [
  [["a", "tiempo"], ["on", "time"], true],
  [["a", "la", "hora"], ["right", "on", "time"], true],
  [
    ["a", "tiempo"],
    ["in", "time"],
  ],
  [
    ["la", "tarde"],
    ["the", "afternoon"],
  ],
  [
    ["las", "tardes"],
    ["the", "afternoons"],
  ],
  [
    ["otra", "vez"],
    ["once", "again"],
  ],
  [
    ["de", "nuevo"],
    ["all", "again"],
  ],
  [
    ["vale", "la", "pena"],
    ["well", "worth", "it"],
  ],
  [
    ["servicio", "al", "cliente"],
    ["the", "customer", "service"],
  ],
  [
    ["atencion", "al", "cliente"],
    ["the", "customer", "service"],
  ],
];

/** What arriving reads as once glossed ("llegaron", "vinieron", "estuvieron"). */
const ARRIVING = new Set(["arrive", "come", "be"]);

/** Function words that Spanish writes and English does not, or far less often. */
const SPANISH_MARKERS = new Set([
  "el",
  "los",
  "las",
  "del",
  "que",
  "q",
  "muy",
  "pero",
  "con",
  "para",
  "pa",
  "por",
  "porque",
  "xq",
  "y",
  "es",
  "esta",
  "estaba",
  "fue",
  "fueron",
  "nos",
  "se",
  "le",
  "les",
  "una",
  "mi",
  "su",
  "todo",
  "nada",
  "bien",
  "mas",
  "cuando",
  "tambien",
  "sin",
  "hay",
  "ya",
  "yo",
  "lo",
  "la",
  "de",
  "en",
  "un",
  "gracias",
]);
/** English function words: a sentence with as many of them as Spanish ones is not Spanish. */
const ENGLISH_MARKERS = new Set([
  "the",
  "and",
  "was",
  "is",
  "were",
  "are",
  "they",
  "we",
  "i",
  "it",
  "to",
  "of",
  "for",
  "very",
  "but",
  "with",
  "this",
  "that",
  "he",
  "she",
  "you",
  "my",
  "our",
  "had",
  "have",
  "be",
  "on",
  "at",
  "in",
  "a",
  "an",
  "not",
]);

/** The word without its accents ("técnico" is "tecnico"); an ASCII word, nearly every English one, is returned as it is. */
function stripAccents(word: string): string {
  return /[\u0080-\uffff]/.test(word) ? word.normalize("NFD").replace(/[\u0300-\u036f]/g, "") : word;
}

let verbForms: Map<string, Gloss> | null = null;

/** Conjugated forms that are also English words: they are glossed in a Spanish sentence but say nothing of the language. */
const ENGLISH_LOOKALIKES = new Set([
  "use",
  "robe",
  "barren",
  "romper",
  "responder",
  "protege",
  "llama",
  "revise",
  "pagan",
  "cobra",
  "ignore",
  "aspire",
  "resolve",
  "agenda",
]);

function isSpanishVerb(bare: string): boolean {
  verbForms ??= conjugate();
  return verbForms.has(bare) && !ENGLISH_LOOKALIKES.has(bare);
}

/** The English gloss of one lower-case token, or undefined. */
export function glossWord(lower: string, inSpanish: boolean): Gloss | undefined {
  const bare = stripAccents(lower);
  const own = WORDS.get(lower) ?? WORDS.get(bare);
  if (own !== undefined || !inSpanish) return own;
  verbForms ??= conjugate();
  return SHARED.get(lower) ?? SHARED.get(bare) ?? verbForms.get(bare);
}

/** How many of the sentence's words are Spanish (function words and words of the list) and how many English function words. */
function countLanguages(tokens: readonly Token[]): { spanish: number; english: number } {
  let spanish = 0;
  let english = 0;
  for (const token of tokens) {
    if (token.isPunct) continue;
    const bare = stripAccents(token.lower);
    if (SPANISH_MARKERS.has(bare) || WORDS.has(token.lower) || WORDS.has(bare) || isSpanishVerb(bare)) spanish += 1;
    if (ENGLISH_MARKERS.has(token.lower)) english += 1;
  }
  return { spanish, english };
}

/**
 * Which sentences read as Spanish: those with at least two Spanish words and
 * more Spanish than English function words; in a review that reads as
 * Spanish overall, also a short one with a Spanish word and no English one
 * ("Llegaron a tiempo.").
 */
export function spanishSentences(sentences: readonly Sentence[]): boolean[] {
  const counts = sentences.map((sentence) => countLanguages(sentence.tokens));
  const spanish = counts.reduce((sum, c) => sum + c.spanish, 0);
  const english = counts.reduce((sum, c) => sum + c.english, 0);
  const review = spanish >= 2 && spanish > english;
  return counts.map((c) => (c.spanish >= 2 && c.spanish > c.english) || (review && c.spanish >= 1 && c.english === 0));
}

/** One shared word object per glossed word and tag, as readSentences shares them (the matcher caches on it). */
const glossedWords = new Map<string, TokenWord>();

function glossedWord(token: Token, norm: string, lemma: string): TokenWord {
  const key = `${token.text}\u0000${token.pos}\u0000${norm}\u0000${lemma}`;
  let word = glossedWords.get(key);
  if (word === undefined) {
    word = { text: token.text, norm, lemma, lower: token.lower, pos: token.pos, isPunct: token.isPunct, patternForms: null, patternWords: 0, patternTests: [] };
    glossedWords.set(key, word);
  }
  return word;
}

/** The English words the phrases give the tokens of a Spanish sentence, by token index. */
function phraseGlosses(tokens: readonly Token[]): Map<number, string> {
  const glosses = new Map<number, string>();
  const bare = tokens.map((token) => stripAccents(token.lower));
  for (let i = 0; i < tokens.length; i += 1) {
    const before = i > 0 ? glossWord(tokens[i - 1]!.lower, true) : undefined;
    const arriving = before !== undefined && ARRIVING.has(typeof before === "string" ? before : before[1]);
    for (const [spanish, english, afterArriving] of PHRASES)
      if ((!afterArriving || arriving) && spanish.every((word, k) => bare[i + k] === word) && spanish.every((_, k) => !glosses.has(i + k)))
        spanish.forEach((_, k) => glosses.set(i + k, english[k]!));
  }
  return glosses;
}

function glossSentence(sentence: Sentence, inSpanish: boolean): Sentence {
  const phrases = inSpanish ? phraseGlosses(sentence.tokens) : new Map<number, string>();
  let changed = false;
  const tokens = sentence.tokens.map((token, i) => {
    if (token.isPunct) return token;
    const gloss = phrases.get(i) ?? glossWord(token.lower, inSpanish);
    if (gloss === undefined) return token;
    const [norm, lemma] = typeof gloss === "string" ? [gloss, gloss] : gloss;
    changed = true;
    return { ...token, norm, lemma, word: glossedWord(token, norm, lemma) };
  });
  return changed ? { ...sentence, tokens } : sentence;
}

/** The review's sentences with their Spanish words glossed in English (a sentence without any is returned as it was). */
export function glossSpanish(sentences: readonly Sentence[]): Sentence[] {
  const spanish = spanishSentences(sentences);
  return sentences.map((sentence, i) => glossSentence(sentence, spanish[i]!));
}
