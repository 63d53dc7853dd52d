/**
 * Function words: pronouns, articles, prepositions, conjunctions, auxiliaries
 * and interjections. They carry no subject matter of their own.
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  `a about above after afterwards again against ago all almost along already also although always am among an and another any anyone
  anything anyway are around as at away back be became because been before behind being below beside besides between both but by
  can cannot could did do does doing done down during each either else enough even ever every everyone everything except few for
  from further get gets getting got gotten had has have having he her here hers herself him himself his how however i if in into
  is it its itself just least less like likely made make makes making many may me might mine more most much must my myself near
  need needed needs neither never next no nobody none nor not nothing now of off often on once one only onto or other others our
  ours ourselves out over own per perhaps please quite rather really same see seem seemed seems several she should since so some
  somebody someone something sometimes still such than that the their theirs them themselves then there these they this those
  though through throughout thus to together too toward towards under until up upon us very via was we well were what whatever
  when whenever where whether which while who whole whom whose why will with within without would yet you your yours yourself
  yourselves let lets ok okay yes yeah oh wow lol thanks thank please hi`.split(/\s+/),
);

/**
 * Words that end a keyphrase candidate (RAKE-style delimiters): function
 * words, reporting and everyday verbs, evaluative adjectives and adverbs.
 * Opinions are handled by the aspect pipeline; topics are about subject matter.
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  ...FUNCTION_WORDS,
  ...`came come comes coming went go goes going gone said say says saying told tell tells asked ask took take takes taking gave give
  gives put puts showed show shows shown called call calls calling looked look looks looking found find finds knew know knows
  known thought think thinks felt feel feels wanted want wants used use using tried try tries kept keep keeps left leave leaves
  started start starts finished finish turned turn turns ran run runs getting seemed pulled pull pulls set sets sent send sends
  wait waited waiting booked book booking scheduled schedule scheduling cleaned clean cleaning swept sweep sweeping did does done
  bought buy moved move hired hire recommend recommended recommending love loved like liked appreciate appreciated hope hoped
  guess mean means meant figured figure noticed notice realized realize explained explain explaining mentioned mention checked check
  replaced replace installed install fixed fix rebuilt rebuild repointed poured sealed cleared cleared pulled helped help
  good great best better bad worse worst nice fine excellent amazing awesome fantastic wonderful terrible awful horrible happy glad
  sure real actually basically honestly literally definitely probably maybe totally completely pretty super extremely highly
  little big small large long short old new first last second third next full entire whole main own sure able right wrong whole
  quick quickly fast slow early late later today tonight yesterday tomorrow week weeks day days year years month months hour hours
  minute minutes morning afternoon evening night way ways lot lots bit thing things kind sort stuff part parts place
  lehigh valley pa keystone company companies service services business job jobs work works worked working guy guys tech techs
  technician technicians people person folks man men woman women lady crew team office phone star stars review reviews anyone
  everybody someone nobody mr mrs ms dr st usual usually also instead anyway though thing
  two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred thousand half dozen couple
  exactly finally fair polite professional friendly honest patient careful thorough spotless neat tidy kind calm helpful
  reasonable expensive cheap pricey worth happy sorry lucky glad scared nervous worried annoyed upset disappointed impressed
  hot cold warm dry wet light dark black white gray grey brown written clear fast slow easy hard simple young older everyone
  sure certainly especially apparently obviously unfortunately thankfully hopefully turns turned turning already since
  paid pay paying spent spend open straight twice plus running complaint complaints quoted quote previous owner owners
  pointed point points mentioned noticed missing ended end ends gave given added extra minus total bunch`.split(/\s+/),
]);

/** Nouns too general to be a topic on their own (they may still appear inside a phrase, as in "chimney fire"). */
export const GENERIC_NOUNS: ReadonlySet<string> = new Set(
  `chimney chimneys house home fireplace family wife husband kid kids son daughter mom dad neighbor neighbors customer
  customers price quote bill money cost visit appointment call question questions problem problems issue issues reason
  difference experience side top bottom front end inside outside number numbers photo photos picture pictures camera
  everything anything something nothing sweep inspection report room rooms living door doors wall walls roof attic basement
  kitchen bedroom bedrooms bathroom bathrooms garage porch yard driveway floor floors stairs hall area side spot unit units town street road city`.split(/\s+/),
);

/**
 * Season and calendar words: they date a theme ("in the fall") but are never
 * a theme on their own, so a phrase made only of these and generic nouns is
 * not a topic.
 */
export const CALENDAR_WORDS: ReadonlySet<string> = new Set(
  `fall autumn winter spring summer season seasons holiday holidays christmas thanksgiving easter halloween new year
  january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
  monday tuesday wednesday thursday friday saturday sunday weekday weekdays weekend weekends
  today tonight yesterday tomorrow morning mornings afternoon afternoons evening evenings night nights
  day days week weeks month months year years hour hours minute minutes time times date dates`.split(/\s+/),
);
