import { defineCues, type LexiconEntry } from "./cue-types.ts";

const KIN = "kid|kids|children|son|daughter|dog|dogs|cat|cats|pets|grandson|granddaughter|grandkids|mother|mom|father|dad|husband|wife|family|tenants|tenant";
const HOME_ITEMS = "hearth|tile|tiles|floor|floors|register|door|gate|window|wall|walls|furniture|mantel|shingle|shingles|gutter|gutters|siding|rug|carpet|roof|fence|screen|lamp";

/** Conduct of anyone at the company: courtesy, honesty, expertise, respect for the home, selling pressure, preparedness. */
export const PROFESSIONALISM_CUES: LexiconEntry[] = defineCues("professionalism", {
  positive: [
    "polite", "politely", "courteous", "courtesy", "respectful", "respectfully", "friendly", "pleasant", "personable", "cordial",
    "patient", "patiently", "patience", "professional", "professionally", "professionalism", "well-mannered", "mannerly",
    "honest", "honesty", "(honestly|truthfully) (told|said|admitted|explained)", "integrity", "trustworthy", "(upfront|up front) and honest",
    "knowledgeable", "knowledgable", "expertise", "expert/ADJ", "competent", "experienced ^0.7", "(wealth|font) of (knowledge|information)",
    "(knew|knows|know) (his|her|their) (stuff|craft|business|trade)", "(knew|knows|know) what (he|she|they) (was|were|is|are) (doing|talking about)", "(a|an|absolute|real|total|true|consummate|such a) (pro|pros|professional|professionals)",
    "gentleman", "gentlemen", "sweetheart", "(a)? pleasure to (deal|work) with", "helpful", "considerate", "calm", "reassuring", "caring",
    "gracious", "humble", "respect", "(respected|respects) (our|my|the) (home|house|property)", "careful", "carefully", "kind/ADJ", "kindly", "kindness",
    "apologized|apologised|apologize|apologise|apologizes|apologetic|apology|apologies ^0.8", "(above and beyond|the extra mile)",
    "(took|takes|take) the time to", "came clean", "(owned|own|owning) (it|up to it|up|the mistake|their mistake|the problem)", "(easy|pleasure|pleasant|great|nice|good|a joy) to (work|deal) with", "(was|were|is|very|so|completely|totally) (upfront|up-front|up front) ^0.7", "(great|good|positive|friendly|cheerful|upbeat|fantastic|wonderful) attitude",
    `(good|great|wonderful|sweet|gentle|patient|kind|careful|awesome) with (my|our|the)? (${KIN})`,
    `(kept|keep|keeps|keeping|made sure) (the|our|my|their|his|her) (${KIN}|gate|door|doors) (was|were)? (in|out|inside|shut|closed|latched)`,
    "(put|putting|moved|moving) (every|everything|all|the) (.. )? back (where|exactly|how|the way|in place)", "put everything back",
    "(wore|wears|in) (a)? (uniform|uniforms) ^0.7", "(showed|show) (his|her|their)? (id|badge|certification|credentials|license) ^0.7",
    "without condescension", "without (being asked|my asking|me asking|us asking|being told|asking)", "(nice|good|great|lovely|wonderful|sweet) (guy|guys|man|lady|woman|people|folks|crew|team|kid|person|young man|young woman|fellow)",
    "(no|zero|without|never any) (pressure|upsell|upselling|sales pitch|hard sell|scare tactics)",
  ],
  negative: [
    "unprofessional", "rude", "ruder", "rudest", "rudely", "rudeness", "impolite", "disrespectful", "pushy", "(hard sell|hard-sell|high-pressure|high pressure)",
    "(sales pitch|salesy|sales-y|salesman|salesmen|sales job|sales tactics|sales call)", "upsell|upsells|upselling|upsold|up-sell|up-sold|upsale",
    "scare (tactic|tactics)", "(scared|scare|scaring|frighten|frightened) (me|us) into", "fear-mongering|fearmongering|fearmonger",
    "pressure|pressured|pressuring|pressures", "(pushed|pushing) (me|us) (into|to)", "(try|tried|trying|tries) to (sell|push|upsell|talk me into)",
    "(sell|sold) (me|us) (something|things|a|an|on) ^0.7", "(invent|invented|make up|made up|manufacture|manufactured) (a)? (problem|problems|issue|issues) ^0.8", "(push|pushed|pushing) (anything|something|things|it|extra|extras) ^0.8", "(existed|there|designed|meant|just|only|came) to sell ^0.8", "(bad|poor|terrible|nasty|an|real|some) attitude", "attitude ^0.8",
    "short with (me|us)", "curt", "(rolled|rolling|rolls|roll) (his|her|their) eyes", "eye-roll|eye-rolling|eyeroll", "(kept|keeps) sighing", "gruff", "surly", "grumpy", "lippy", "mouthy", "(snapped|snaps|snap) at", "(sitting|sat|sits) in the truck", "dismissive", "unhelpful", "@staff (.. )? (was|were) (very|so|really|pretty|a bit|kind of|extremely)? (short|snippy|curt)", "condescending", "condescension", "arrogant", "snippy", "snotty", "snarky", "smug", "impatient",
    "(brushed|brush) (me|us)? off", "(hung|hang|hangs) up (on)?", "(blamed|blame|blaming) (me|us|the customer|my)", "(denied|denies|deny) it",
    "(argued|argue|arguing) (with)?", "argumentative", "defensive", "careless", "carelessly", "reckless",
    "(left|leave|leaving) (the|our|my|a) (side|back|front|yard)? (gate|door) (open|unlatched|unlocked|wide open)", "(left|leave|leaving) it (wide)? (open|unlatched)",
    `(they|he|she|tech|crew|guy|someone|somebody|technician|installer) (.. )? (broke|cracked|chipped|scratched|dented|gouged|damaged|scuffed|ruined) (a|our|my|the|two|some|#num)? (.. )? (${HOME_ITEMS})`,
    "(damaged|damage to) (our|my|the)", "(was|were|spent|sat|stayed|always|constantly|kept checking) (.. )? on (his|her|their) (phone|cell)", "glued to (his|her|their) (phone|cell)", "(spent|spending|spends) (.. )? (visit|time|day|morning|afternoon|job|hour) on (his|her|their) (phone|cell)", "no (uniform|uniforms|id|badge|identification)",
    "unmarked (truck|van|pickup|vehicle)", "(wrong|incorrect) (part|parts|size|cap|equipment|tools)", "(did not|never) (have|bring) the (right|correct)",
    "unprepared", "not prepared", "(did not|never) (even)? (bring|have) (a|the|any|their|his|her)? (.. )? (ladder|ladders|tools|parts|cap|equipment|supplies|vacuum)", "(did not|never) know what (a|an|the)? (.. )? (was|is)", "clueless", "incompetent", "inexperienced ^0.8",
    "dishonest", "(lied|lying|lie) (to)?", "shady", "sketchy", "crooked",
    "(felt|feel|feeling) (pressured|pushed|rushed|scared|bullied|hustled)", "(made|make|makes|making) (me|us) feel (dumb|stupid|like an idiot|small|foolish|ignorant|bad)",
    "manufactured urgency", "chatty ^0.6", "(smoked|smoking) in", "(swore|swearing|cursing)", "no apology", "excuses ^0.6", "facade",
    "(left|leaving|leave) (a|the|their) (ladder|ladders|tools|equipment|materials|truck) (leaning|against|on|in|blocking|overnight)",
    "lost (my|our) (key|keys)", "(forgot|forget|forgotten|neglected) to (put|reinstall|replace|close|latch|lock|reconnect|turn|shut) (.. )? (back|on|in|off|up)?", "(let|letting) the (dog|dogs|cat|cats) out",
  ],
  target: ["@staff", "manner|manners", "demeanor", "behavior|behaviour", "conduct", "customer service"],
  block: [
    "(a|an|the) (chimney|qualified|hvac|certified|licensed)? professional (to|for|about|who|like)?", "consult (a|an)? (.. )? professional", "(kind|sort) of", "kinds", "(the|this|that|what|any|some|same|every) kind",
    "honestly", "to be honest", "frankly", "(negative|air|water|back|static) (pressure|pressures)", "pressure (washer|washing|test)",
    "negative-pressure", "nice to (know|have|see|find)", "(would|'d) be nice", "(must|should|to|please|always|gotta|just) be careful", "careful not to", "(you|i|we) (have|need|'ll need|will need|had) (.. )? patience", "if you have patience", "what (professional|professionalism|good work|quality) (looks|look) like",
    "(previous|last|old|other) (owner|owners)", "respect to", "with respect", "in that respect", "(i|we) (was|were|am) (pressured|rushed|in a rush)",
  ],
});

/** An explicit accusation of dishonesty about money judges both the people and the price. */
export const DISHONESTY_CUES: LexiconEntry[] = defineCues(
  "professionalism",
  { negative: ["scam|scams|scammers|scammy|scammed", "(rip-off|ripoff|rip off)", "ripped (me|us)? off", "(price gouging|gouged|gouging)", "(bait and switch|bait-and-switch)"] },
  { also: "price_value" },
);

/** Calls, callbacks, texts, reports, explanations, the office's responsiveness, keeping the customer informed. */
export const COMMUNICATION_CUES: LexiconEntry[] = defineCues("communication", {
  positive: [
    "explain|explained|explains|explaining", "explanation|explanations", "(walked|walks|walk|talked|talks|talk|took|takes) (me|us|my husband|my wife) through",
    "(went|go|goes) over (everything|the|it|all|each)", "(answered|answer|answers|answering) (all|every|each|any)? (of)? (my|our|the)? (questions|question)",
    "(kept|keep|keeps) (me|us) (informed|posted|updated|in the loop|up to date)", "(let|lets) (me|us) know", "(gave|give|gives) (me|us) a heads (up|-up)",
    "heads-up", "heads up", "(gave|give|gives) (me|us)? (a)? (heads-up|heads up|warning|notice|call)",
    "(text|texted|texts|call|called|calls|email|emailed|emails) (me|us)? (ahead|beforehand|in advance|before|when|once|after|to let|to say|to confirm|to tell)",
    "(they|he|she|office|company|tech|crew) (.. )? (texted|emailed) (me|us)? ^0.7",
    "(text|texted|call|called|email|emailed) (.. )? the (day|night|morning|afternoon|evening) before", "(text|texted|call|called) (.. )? (on|when) (.. )? (the|their|his|her) way",
    "(texted|text|called|call) (.. )? (to let|to say|to tell|to warn|to explain)", "(confirmation|reminder) (text|texts|call|calls|email|emails|message|messages)", "(text|email) (reminder|reminders|confirmation|confirmations)",
    "(gave|give|sent|send|regular|constant|frequent|daily|timely) updates", "(updated|update) (me|us)",  "(sent|send|sends|emailed|texted|mailed|gave) (me|us|my|our|the insurer|the insurance)? (.. )? (report|photos|pictures|video|update|updates|paperwork|breakdown|numbers|readings|results|photo)",
    "(report|photos|pictures|paperwork|invoice|quote|estimate) (.. )? (sent|emailed|texted|in my inbox|in our inbox|arrived|came) (.. )? (same|next|that|within|the following)",
    "(report|photos|pictures|paperwork) (was|were)? (sent|emailed) (to)?",
    "(report|photos|paperwork|quote|estimate|invoice) (.. )? (same day|that (afternoon|evening|day|night)|the next (morning|day)|next (morning|day)|within (the hour|a day|hours))",
    "(report|photos|quote|estimate|invoice|paperwork) (.. )? (hit|landed in|arrived in|was in|came to) (my|our)? (inbox|email)", "(written|detailed|clear|thorough) report ^0.7", "report (with|and) (photos|pictures|stills)",
    "(showed|show|shows|showing) (me|us|my husband|my wife|my son|my daughter) (.. )? (photos|pictures|pics|video|footage|camera|screen|tablet|monitor|inside|problem|damage|crack|cracks|where|what|how|numbers|reading|readings|exactly|flue|chimney|crown|liner|clog|blockage)",
    "let (me|us) (watch|look|see)", "(call|called|calls|calling) (me|us)? back (the)? (same day|right away|quickly|promptly|within|that)", "called (me|us) (himself|herself|personally|directly) ^0.8",
    "called back", "call back when", "(responded|replied|answered|got back) (to)? (my|our|the)? (email|call|message|text|emails|calls|messages)? (within|in) (the|an|a|#num) (hour|hours|minutes|day)",
    "(responded|replied|responds|replies) (quickly|promptly|right away|immediately|fast|the same day)", "(got|get|gets) back to (me|us)", "responsive", "communicative", "(returned|return|returns) (my|our)? (call|calls|email|emails)",
    "(picked|picks) up the phone", "(someone|somebody|a person|a human|they|she|he|the office) (always)? (picked|picks|answered|answers) (up|the phone)",
    "(quick|fast|prompt|quicker) to (respond|reply|answer|call back|get back|return calls)", "(appointment|visit|booking|time) (was|were)? (confirmed|reconfirmed)", "(confirmed|confirmation) (by|via|with) (text|email|phone|call)", "heard back ^0.6", "reached out ^0.6", "(followed|follows|follow) up ^0.8", "(great|good|excellent|clear) communication", "communicated",
    "(talked|spoke|talk) (to|with) the (adjuster|insurance|insurer|inspector)", "(easy|simple|clear) to (understand|follow|read)",
    "(report|estimate|quote|invoice|explanation|breakdown|paperwork) (was|were|is)? (very|so|really)? (thorough|detailed|clear|easy to understand|itemized|well written|readable|easy to read)",
  ],
  negative: [
    `(nobody|noone|never|no-one|no one) (ever)? (has|had|thought to|bothered to|tried to|cared to|even)? (call|called|calls|text|texted|email|emailed|contacted|reached|responded|replied|followed|returned|told|mentioned|said|explained|warned|informed|asked|answered|answers|got back|gets back|picked up|picks up|bothered)`,
    "(no|zero|never a|never any|not a) (call|callback|call-back|call back|response|responses|reply|replies|word|follow-up|followup|follow up|explanation|notice|warning|updates|update|answer|heads up|heads-up|return call)",
    "(got|get|getting|went to|goes to|go to|straight to|hit|reached|always) (the)? (voicemail|voice mail|machine|answering machine)", "(voicemail|voice mail) (again|every time|twice|each time)", "(mailbox|voicemail|inbox|voice mail) (box)? (was|is|being)? full", "(left|leave) (a|two|three|several|multiple|#num)? (message|messages|voicemail|voicemails) ^0.8",
    "radio silence", "crickets", "ghosted", "(ignored|ignore|ignoring) (my|our)? (calls|emails|messages|texts)", "(calls|emails|messages|texts) (were|went|got)? (ignored|unanswered|unreturned)",
    "(stopped|stop|stops) (answering|returning|responding)", "unresponsive",
    "(hard|impossible|difficult|tough) to (reach|get ahold of|get a hold of|get through)", "(hard|impossible|difficult|tough|never able) to get (anyone|anybody|someone|a person|a human|them) (on the phone)?",
    "(took|takes|take) (them|him|her)? (a week|weeks|days|a month|#num days|#num weeks|forever|ages) (just)? to (return|call|respond|reply|get back|answer)", "phone tag", "(called|call|calling|emailed|texted) (.. )? #num #num? times",
    "(called|call|calling) (them|the office)? (several|multiple|many|repeated|repeatedly|twice) ^0.7", "called (them|the office|back)? again ^0.7", "(chase|chasing|chased) ^0.7", "(had|have|having) to (call|email|text) (them|the office|back|again|#num|several|multiple|twice|repeatedly|and)", "(had|have|having) to (chase|follow up|keep calling|call back|call around)",
    "still waiting (for|on) (a|the)? (.. )? (call|callback|report|quote|estimate|response|answer|invoice|paperwork|photos)", "never (heard|hear) (back|anything|from)",
    "(did not|never) (tell|say|mention|warn|inform|notify) (me|us|anything|a word|it|that|this)", "(would|'d) (rather|prefer to) (have been|be) (told|informed|warned)", "(should have|should've) (said|told|mentioned|explained|warned|called|asked|let)",
    "(would have|would've) been nice to (know|hear|be told|get a call)", "(wish|wished) (.. )? (told|said|mentioned|explained|called|known|warned|asked)",
    "without (anyone|anybody|someone|them)? (telling|explaining|warning|notice|notifying|asking)", "without (so much as)? (a|an|any)? (phone call|call|text|word|heads up|heads-up|notice|warning|apology|explanation)",
    "(took|takes|take) (forever|ages|a while|so long|too long|days) to (get|hear|call|respond|reply|get back)", "how long (it took|it takes) to (get|hear) (a)? (callback|call back|call|response|reply|answer)", "(too|so) many (texts|calls|emails|reminders|messages)", "out of the loop", "(left|kept) in the dark",
    "(did not|never) pick up", "(took|take|takes) (.. )? (days|weeks|a week) to (hear back|get back|call back|respond|reply)",
    "(took|take|takes) (.. )? (days|weeks|a week) to (get|receive|send) the (report|quote|estimate)", "(report|quote|estimate) took", "miscommunication", "(mix-up|mixup) ^0.7",
    "(had|has) no idea what", "(slow|late) to (respond|reply|answer|call back|get back|return calls)", "(report|quote|estimate|invoice|paperwork|photos) (.. )? (came|arrived|was|were) (.. )? late", "(wish|wished) (someone|somebody|they|he|she|the office) (had|would have|'d)? (told|said|mentioned|warned|asked|explained)", "(want|need|still want|wanted) (a)? (callback|call back|call|response|answer)", "(#num|more|several|multiple|many) (more)? (phone)? calls to (hear back|get|reach)", "(weeks|days|week|month|months) (later)? (and)? (still)? (nothing|no word|no call|crickets)", "unannounced",
    `(nobody|noone|no-one|no one) (.. )? (ever)? (called|followed up|got back|returned|responded|replied|reached out|contacted)`, "(confusing|vague) (report|invoice|explanation)",
  ],
  target: ["communication|communications", "office", "front desk", "follow-up|followup/NOUN", "follow up/NOUN", "report", "response time", "callback", "updates"],
  block: [
    "close call", "(call|called|calls|calling) it a day", "(good|judgment|tough) call", "so-called", "called it", "(what|which) (he|she|they) called",
    "called 911", "(i|we) (should have|should've)", "(i|we) (finally|then|first|just|had|have|also|originally|initially)? (called|call|texted|emailed|phoned)", "(called|call) (me|him|her|us) (dumb|stupid)", "until someone explains", "(which|that|this) (probably|also|might|may|would)? (explains|explained|explain)", "no word of a lie", "(i|we) (called|call) back",
  ],
});
