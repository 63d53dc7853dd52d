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
 * can be an English word ("revise"). A word written with a capital after
 * the first word of its sentence is a name and is left alone. Keys are
 * lower-case, most without accents; the few that keep one tell two words
 * apart ("está" is, "esta" this), and a past tense written with its accent
 * ("avisó") is read as the verb before the accent-free noun ("aviso"). A
 * word is looked up as written first, then without its accents.
 */

/** An English gloss: one word (normal form and lemma alike), or a normal form and its lemma. */
type Gloss = string | readonly [norm: string, lemma: string];

/** Spanish words that English and common names seldom write, or write in the same sense ("pronto", "gratis"): glossed wherever they appear (except as a name). */
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
    unos: "some",
    unas: "some",
    mis: "my",
    sus: "their",
    nuestro: "our",
    nuestra: "our",
    él: "he",
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
    luego: "later",
    casi: "almost",
    demasiado: "too",
    bastante: "quite",
    mucho: "much",
    mucha: "much",
    muchos: "many",
    muchas: "many",
    poco: "little",
    poca: "little",
    más: "more",
    menos: "less",
    gracias: "thanks",
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
    carisimo: "expensive",
    carisima: "expensive",
    barato: "cheap",
    barata: "cheap",
    baratos: "cheap",
    economico: "affordable",
    economica: "affordable",
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
    barrio: "neighborhood",
    contrato: "contract",
    aviso: "notice",
    espero: "hope",
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
    techo: "roof",
    zapatos: ["shoes", "shoe"],
    botas: ["boots", "boot"],
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
    tecnico: "tech",
    tecnicos: ["techs", "tech"],
    muchacho: "guy",
    muchachos: ["guys", "guy"],
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
    enseguida: "immediately",
    inmediatamente: "immediately",
    emergencia: "emergency",
    urgente: "urgent",
    lunes: "monday",
    martes: "tuesday",
    miercoles: "wednesday",
    jueves: "thursday",
    viernes: "friday",
    sabado: "saturday",
    retraso: "delay",
    demora: "delay",
    puntualmente: "punctually",
    comunicacion: "communication",
    respuesta: "response",
    texto: "text",
    amabilidad: "kindness",
    respeto: "respect",
    actitud: "attitude",
    groseria: "rudeness",
    ordenado: "tidy",
    ordenados: "tidy",
    ahorro: "savings",
    oferta: "deal",
    descuento: "discount",
    cupon: "coupon",
    gratis: "free",
    mejoro: ["improved", "improve"],
    mejoraron: ["improved", "improve"],
    // Verbs with irregular or spelling-changed forms (regular ones are conjugated below).
    llegue: ["arrived", "arrive"],
    vino: ["came", "come"],
    vinieron: ["came", "come"],
    aparecieron: ["showed", "show"],
    aparecio: ["showed", "show"],
    viene: ["comes", "come"],
    vienen: "come",
    hizo: ["did", "do"],
    hicieron: ["did", "do"],
    hace: ["does", "do"],
    hacen: "do",
    hecho: ["done", "do"],
    dijo: ["said", "say"],
    dijeron: ["said", "say"],
    dicen: "say",
    puso: "put",
    pusieron: "put",
    tuve: ["had", "have"],
    tuvo: ["had", "have"],
    tuvieron: ["had", "have"],
    tiene: ["has", "have"],
    tienen: "have",
    tengo: "have",
    fue: ["was", "be"],
    fueron: ["were", "be"],
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
    sigue: "still",
    siguen: "still",
    huele: ["smells", "smell"],
    recomiendo: "recommend",
    recomienda: ["recommends", "recommend"],
    recomiendan: "recommend",
    vuelvo: "return",
    vuelve: ["returns", "return"],
    volvio: ["returned", "return"],
    volvieron: ["returned", "return"],
    volvere: "return",
    volveria: "return",
    volveremos: "return",
    devolvio: ["returned", "return"],
    devolvieron: ["returned", "return"],
    devuelve: ["returns", "return"],
    devuelven: "return",
    entiendo: "understand",
    entienden: "understand",
    pidieron: ["asked", "ask"],
    pido: "ask",
    quiero: "want",
    quiere: ["wants", "want"],
    puede: "can",
    pueden: "can",
    pudo: ["could", "can"],
    pudieron: ["could", "can"],
    deberian: "should",
    cuesta: ["costs", "cost"],
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
    doy: "give",
    vio: ["saw", "see"],
    vieron: ["saw", "see"],
    trajo: ["brought", "bring"],
    trajeron: ["brought", "bring"],
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
    hay: "there",
    son: ["are", "be"],
    era: ["was", "be"],
    van: "go",
    q: "that",
    k: "that",
    x: "for",
    pa: "for",
    re: "very",
    brutal: "great",
    fatal: "terrible",
    nos: "us",
    ella: "she",
    tb: "also",
    antes: "before",
    genial: "great",
    mes: "month",
    pared: "wall",
    chico: "guy",
    chicos: ["guys", "guy"],
    revision: "inspection",
    domingo: "sunday",
    cortes: "polite",
    cargo: "charge",
    dice: ["says", "say"],
    vale: "worth",
    caro: "expensive",
    caros: "expensive",
    justo: "just",
    lona: "tarp",
    lonas: ["tarps", "tarp"],
    claro: "clear",
    es: ["is", "be"],
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
      if (!forms.has(form)) forms.set(form, [isPast ? past : base, base]);
    }
  return forms;
}

/**
 * Spanish phrases whose words, glossed one by one, would lose the English
 * phrase, as pairs of a Spanish word and the English word at its place:
 * "la tarde" is the afternoon and "más tarde" later, not "late"; "mala
 * cara" is a sour face, not a price. "A tiempo" and "a la hora" are "on
 * time" only right after arriving ("llegaron a tiempo", "llegaron justo a
 * tiempo"), and never before "de" ("a la hora de pagar", when it came to
 * paying, is left word for word); elsewhere "a tiempo" is "in time"
 * ("detectaron la grieta a tiempo").
 */
interface Phrase {
  words: ReadonlyArray<readonly [spanish: string, english: string]>;
  afterArriving?: boolean;
  /** The phrase does not hold before these words. */
  notBefore?: readonly string[];
}

const PHRASES: readonly Phrase[] = [
  {
    words: [
      ["a", "on"],
      ["tiempo", "time"],
    ],
    afterArriving: true,
  },
  {
    words: [
      ["a", "right"],
      ["la", "on"],
      ["hora", "time"],
    ],
    afterArriving: true,
    notBefore: ["de", "del"],
  },
  {
    words: [
      ["a", "in"],
      ["tiempo", "time"],
    ],
  },
  {
    words: [
      ["la", "the"],
      ["tarde", "afternoon"],
    ],
  },
  {
    words: [
      ["las", "the"],
      ["tardes", "afternoons"],
    ],
  },
  {
    words: [
      ["esta", "this"],
      ["tarde", "afternoon"],
    ],
  },
  {
    words: [
      ["una", "an"],
      ["tarde", "afternoon"],
    ],
  },
  {
    words: [
      ["cada", "every"],
      ["tarde", "afternoon"],
    ],
  },
  {
    words: [
      ["de", "in"],
      ["tarde", "afternoon"],
    ],
  },
  {
    words: [
      ["mas", "later"],
      ["tarde", "on"],
    ],
  },
  {
    words: [
      ["mala", "bad"],
      ["cara", "attitude"],
    ],
  },
  {
    words: [
      ["a", "in"],
      ["cargo", "charge"],
    ],
  },
  {
    words: [
      ["otra", "once"],
      ["vez", "again"],
    ],
  },
  {
    words: [
      ["de", "all"],
      ["nuevo", "again"],
    ],
  },
  {
    words: [
      ["vale", "well"],
      ["la", "worth"],
      ["pena", "it"],
    ],
  },
  {
    words: [
      ["servicio", "the"],
      ["al", "customer"],
      ["cliente", "service"],
    ],
  },
  {
    words: [
      ["atencion", "the"],
      ["al", "customer"],
      ["cliente", "service"],
    ],
  },
];

/** Arriving, for "a tiempo": "llegar" and "venir" (glossed arrive and come), showing up, and "estar" ("estuvieron a tiempo"), not "ser". */
const ARRIVING = new Set(["arrive", "come"]);
const ARRIVING_WORDS = new Set([
  "aparecieron",
  "aparecio",
  "aparece",
  "aparecen",
  "presentaron",
  "presento",
  "esta",
  "estan",
  "estaba",
  "estaban",
  "estuvo",
  "estuvieron",
]);
/** Words that may stand between arriving and "a tiempo" ("llegaron justo a tiempo"). */
const BETWEEN_ARRIVING = new Set(["justo", "siempre", "muy", "casi", "todos", "todas", "bien"]);

/** "Justo" is "fair" after a price word in its sentence ("el precio fue justo") and "just" elsewhere ("justo a tiempo"). */
const PRICE_WORDS = new Set(["precio", "precios", "costo", "costos", "cobro", "tarifa", "cotizacion", "presupuesto", "estimado", "factura"]);

/** Spanish function words that WORDS does not hold (its words count as Spanish too), or that English writes far less often. */
const SPANISH_MARKERS = new Set([
  "el",
  "los",
  "las",
  "del",
  "q",
  "con",
  "para",
  "pa",
  "y",
  "es",
  "nos",
  "se",
  "le",
  "les",
  "una",
  "mi",
  "su",
  "mas",
  "sin",
  "hay",
  "ya",
  "yo",
  "lo",
  "la",
  "de",
  "en",
  "un",
]);
/** Particles of names ("Carlos de la Rosa", "Los Angeles"): they count as Spanish only away from a capitalised word. */
const NAME_PARTICLES = new Set(["de", "del", "la", "las", "los", "el", "y"]);
/** Spanish words that are also names, not English words: written in lower case they count as Spanish ("muy caro"). */
const SPANISH_NOT_NAMES = new Set(["caro", "caros", "justo", "lona", "lonas", "domingo", "cortes", "ella", "claro", "chico", "chicos", "clara", "malo"]);
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

/** The word without its accents ("técnico" is "tecnico"). */
function stripAccents(word: string): string {
  return word.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

const VERB_FORMS = conjugate();

/** Conjugated forms that are also English words: glossed in a Spanish sentence, but they say nothing of the language. */
const ENGLISH_LOOKALIKES = new Set([
  "agenda",
  "agendas",
  "aspire",
  "barren",
  "cambia",
  "cobra",
  "cobras",
  "ignore",
  "llama",
  "llamas",
  "pagan",
  "page",
  "protege",
  "resolve",
  "resolver",
  "resolves",
  "responder",
  "revise",
  "robe",
  "romper",
  "usa",
  "use",
  "uso",
]);

/** A token as the gloss reads it, worked out once per review. */
interface Spelling {
  /** Lower case, accents composed ("está" typed with a combining accent is "está"). */
  word: string;
  /** Without accents ("tecnico"). */
  bare: string;
  /** Written with a capital inside its sentence: a name, which the gloss leaves alone ("Justo", "Caro", "Domingo"). */
  name: boolean;
}

function spell(tokens: readonly Token[]): Spelling[] {
  // The first word after opening marks ("¡Nunca...", "¿Muy caro?", "- Llegaron") still opens the sentence.
  let afterWord = false;
  return tokens.map((token) => {
    const word = token.lower.normalize("NFC");
    const name = afterWord && /^\p{Lu}/u.test(token.text) && /\p{Ll}/u.test(token.text);
    afterWord ||= !token.isPunct;
    return { word, bare: stripAccents(word), name };
  });
}

function glossSpelled({ word, bare }: Spelling, inSpanish: boolean): Gloss | undefined {
  // A written accent on the last vowel marks a past tense ("avisó", "limpió"): the verb, not the noun or adjective
  // that the same letters make without it ("aviso", "limpio").
  const pastTense = word !== bare && /[áéíóú]$/.test(word) ? VERB_FORMS.get(bare) : undefined;
  const own = WORDS.get(word) ?? pastTense ?? WORDS.get(bare);
  if (own !== undefined || !inSpanish) return own;
  return SHARED.get(word) ?? SHARED.get(bare) ?? VERB_FORMS.get(bare);
}

/** The English gloss of one lower-case word, or undefined: WORDS anywhere; SHARED and the verbs only in a Spanish sentence. */
export function glossWord(lower: string, inSpanish: boolean): Gloss | undefined {
  const word = lower.normalize("NFC");
  return glossSpelled({ word, bare: stripAccents(word), name: false }, inSpanish);
}

/** How many of the sentence's words are Spanish (function words, words of the list, verb forms) and how many English function words. */
function countLanguages(tokens: readonly Token[], spelled: readonly Spelling[]): { spanish: number; english: number } {
  let spanish = 0;
  let english = 0;
  tokens.forEach((token, i) => {
    const { word, bare, name } = spelled[i]!;
    if (token.isPunct || name) return;
    if (NAME_PARTICLES.has(bare) && (spelled[i - 1]?.name === true || spelled[i + 1]?.name === true)) return;
    const lowerCaseSpanish = SPANISH_NOT_NAMES.has(bare) && token.text === token.lower;
    if (lowerCaseSpanish || SPANISH_MARKERS.has(bare) || WORDS.has(word) || WORDS.has(bare) || (VERB_FORMS.has(bare) && !ENGLISH_LOOKALIKES.has(bare)))
      spanish += 1;
    if (ENGLISH_MARKERS.has(token.lower)) english += 1;
  });
  return { spanish, english };
}

function readsAsSpanish(sentences: readonly Sentence[], spelled: readonly Spelling[][]): boolean[] {
  const counts = sentences.map((sentence, i) => countLanguages(sentence.tokens, spelled[i]!));
  const spanish = counts.reduce((sum, c) => sum + c.spanish, 0);
  const english = counts.reduce((sum, c) => sum + c.english, 0);
  const review = spanish >= 2 && spanish > english;
  return counts.map((c) => (c.spanish >= 2 && c.spanish > c.english) || (review && c.spanish >= 1 && c.english === 0));
}

/**
 * Which sentences read as Spanish: those with at least two Spanish words and
 * more Spanish words than English function words; in a review that reads as
 * Spanish overall, also one with a single Spanish word and no English one
 * ("Llegaron.").
 */
export function spanishSentences(sentences: readonly Sentence[]): boolean[] {
  return readsAsSpanish(
    sentences,
    sentences.map((sentence) => spell(sentence.tokens)),
  );
}

/** Whether the words before index `i` arrive ("llegaron", "vinieron", "estuvieron"), over an adverb or two. */
function arrivesBefore(spelled: readonly Spelling[], i: number): boolean {
  let j = i - 1;
  while (j >= 0 && BETWEEN_ARRIVING.has(spelled[j]!.bare)) j -= 1;
  if (j < 0) return false;
  const gloss = glossSpelled(spelled[j]!, true);
  return ARRIVING_WORDS.has(spelled[j]!.bare) || (gloss !== undefined && ARRIVING.has(typeof gloss === "string" ? gloss : gloss[1]));
}

/** The English words the phrases and the senses that depend on a neighbour give the tokens of a Spanish sentence, by index. */
function contextGlosses(spelled: readonly Spelling[]): Map<number, string> {
  const glosses = new Map<number, string>();
  const bare = spelled.map((s) => s.bare);
  for (let i = 0; i < bare.length; i += 1) {
    if ((bare[i] === "justo" || bare[i] === "justos") && bare.slice(0, i).some((word) => PRICE_WORDS.has(word))) glosses.set(i, "fair");
    for (const { words, afterArriving, notBefore } of PHRASES) {
      const end = i + words.length;
      if (!words.every(([spanish], k) => bare[i + k] === spanish && !glosses.has(i + k))) continue;
      if ((afterArriving && !arrivesBefore(spelled, i)) || (notBefore && end < bare.length && notBefore.includes(bare[end]!))) continue;
      words.forEach(([, english], k) => glosses.set(i + k, english));
    }
  }
  return glosses;
}

function glossSentence(sentence: Sentence, spelled: readonly Spelling[], inSpanish: boolean): Sentence {
  const context = inSpanish ? contextGlosses(spelled) : new Map<number, string>();
  let changed = false;
  const tokens = sentence.tokens.map((token, i) => {
    if (token.isPunct || spelled[i]!.name) return token;
    const gloss = context.get(i) ?? glossSpelled(spelled[i]!, inSpanish);
    if (gloss === undefined) return token;
    const [norm, lemma] = typeof gloss === "string" ? [gloss, gloss] : gloss;
    changed = true;
    // A word object of its own, describing the glossed token: the pattern matcher caches on it (match-patterns.ts).
    const word: TokenWord = {
      text: token.text,
      norm,
      lemma,
      lower: token.lower,
      pos: token.pos,
      isPunct: false,
      patternForms: null,
      patternWords: 0,
      patternTests: [],
    };
    return { ...token, norm, lemma, word };
  });
  return changed ? { ...sentence, tokens } : sentence;
}

/** The review's sentences with their Spanish words glossed in English (a sentence without any is returned as it was). */
export function glossSpanish(sentences: readonly Sentence[]): Sentence[] {
  const spelled = sentences.map((sentence) => spell(sentence.tokens));
  const spanish = readsAsSpanish(sentences, spelled);
  return sentences.map((sentence, i) => glossSentence(sentence, spelled[i]!, spanish[i]!));
}
