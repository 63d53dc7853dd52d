import { defineCues, type LexiconEntry } from "./cue-types.ts";

const ARRIVE = "arrive|arrived|arrives|show|showed|shows|come|came|comes|get|got|gets|be|was|were|is|are|pull|pulled|roll|rolled|turn|turned|here|there|crew|tech|he|she|they";
const NOBODY = "(nobody|noone|no-one|no one|never|nobody ever)";

/** Arrival on the day of the visit: on time, early, late, no-show, waiting on the day. */
export const PUNCTUALITY_CUES: LexiconEntry[] = defineCues("punctuality", {
  positive: [
    "on time", "on-time", "ontime", "punctual", "punctually", "punctuality was (great|good|excellent|perfect)",
    "(arrived|showed up|came|here) promptly", "promptly at #time", "prompt arrival", "on the dot", "#time sharp", "sharp at #time",
    "right at #time", "(exactly|precisely) at #time", "at (exactly|precisely) #time", "right when (they|he|she) said",
    `${ARRIVE} (up|in)? (right)? when (they|he|she) said`, `${ARRIVE} (up|in)? as (promised|scheduled|agreed)`,
    `${ARRIVE} (up|in|here|there)? (a|a few|a couple|#num)? (minutes|mins)? early`, "early if anything", "(a few|a couple of|#num) (minutes|mins) early",
    `${ARRIVE} (up|in)? (right)? (within|inside|at the start of|at the beginning of) the (.. )? window`, "right at the start of the window",
    "(never|not once|not) (once)? (late|been late)", "(first thing|bright and early) (in the morning)? as (promised|scheduled)",
  ],
  negative: [
    `${ARRIVE} (up|in|here|there)? (a bit|a little|very|so|really|super|pretty|way|quite|over an hour|hours|an hour)? late`,
    "(running|run|ran|runs|got|get|fell|falling) (a bit|a little|way|an hour|#num #num? (minutes|hours))? (late|behind)", "(running|run|ran|runs) (.. )? (late|behind)",
    "#num #num? (minute|minutes|min|mins|hour|hours|hr|hrs) late", "late (on|for)? (the|our)? (first|second|third|last|1st|2nd|other) (day|visit|time|morning|appointment|trip)", "(half an hour|an hour and a half) late", "late arrival", "tardy", "tardiness",
    "no-show|no-showed|noshow", "no show", "no call no show", `${NOBODY} (ever)? (show|showed|came|come|turned|arrived|appeared) (up)?`,
    "(did not|never) (show|come|arrive|turn up|show up)", "stood (me|us) up", "(kept|keep|keeps|left) (me|us) waiting",
    "(waited|wait|waiting|sat) (around)? (all|the whole|the entire) (day|morning|afternoon)", "waited around", "sat around waiting",
    "(missed|blew off) (the|my|our) (appointment|window)", "(after|outside|past|well past|long after) the (end of the)? window",
    "counts as on time", "(slow|late) to (actually)? (show|show up|arrive|come|turn up)", "(window|appointment|time) (came and went|passed|went by)", "no sign of (them|him|her|anyone|the tech|the crew|a tech)",
  ],
  target: ["arrival", "arrival time", "punctuality", "timeliness"],
  block: [
    "(pay|paid|payment|pays|paying) (.. )? on time", "time flies", "in time", "on time for (christmas|thanksgiving|the holidays|winter|the season)",
    "late @month", "late @daypart", "(it|this|that|nothing|something|the subject|the topic) (never)? (came|come|comes) up", "came up (the|our|my) (driveway|stairs|walk)", "(my|our|her|his|the) late", "late (fee|fees|payment|notice)", "too late", "(stay|stayed|work|worked) late",
    "early @month", "early @daypart", "early on", "early (stage|stages)", "(booked|book|booking|called|call|schedule|scheduled) early",
    "(i|we) (was|were|am|are|got|get) (running)? late", "late (last|this) (year|month|week)", "(so|too) early", "early (bird|riser|years)",
  ],
});

/** Booking ease, availability, waiting for an appointment, company-side cancellations, window size. */
export const SCHEDULING_CUES: LexiconEntry[] = defineCues("scheduling", {
  positive: [
    "(got|get|gets|fit|fitted|squeezed|squeeze|slotted|slot|worked|work|penciled|penned) (me|us|him|her|them) in",
    "(came|come|out|here|there|showed up|arrived|in|booked|scheduled) (the)? same (day|afternoon|morning|evening|week)",
    "(came|come|out|here|there|showed up|arrived|in|booked|scheduled) (the)? next (day|morning|afternoon)",
    "(came|come|out|here|there|showed up|arrived) (out)? (that|this) (afternoon|morning|evening|day)", "(came|come|out|here|there|in|over) (out)? within (a|#num)? (few|couple of|couple)? (hours|days|day|hour)",
    "(had|got) (someone|somebody|a tech|a crew|him|her|them|a guy) (here|out|over) (by|within|the same|that|the next)", "(had|got) (someone|somebody|a tech|a crew|a guy) (here|out|over) (on)? (@weekday|tomorrow|today|first thing)",
    "same-day", "same day (service|appointment|visit|booking)", "(appointment|slot|opening|spot) (for)? (the)? (very)? (next|same) (day|morning|afternoon)", "next-day (service|appointment)",
    "within (a|#num)? (few)? (hours|hour|days|day) of (my|our|the)? (call|calling|request|email|booking)",
    "(easy|simple|quick|painless|effortless|a breeze|a snap|a cinch|seamless) to (book|schedule|set up|get an appointment|get on the calendar|get in)",
    "(booking|scheduling|scheduler|online booking|the booking|the scheduling|making the appointment) (was|is|were)? (so|super|very|really)? (easy|simple|quick|painless|seamless|a breeze|a snap|smooth|convenient|effortless)",
    "(booked|book|scheduled|schedule) online", "online (booking|scheduler|scheduling|booking system) ^0.6", "booking online ^0.6",
    "(was|were|are|is|be|been|very|so|super|really|pretty|extremely) flexible", "flexible (with|about|on|around|scheduling|schedule|hours)", "flexibility", "(worked|work|works) around (my|our) (schedule|schedules)", "accommodating", "accommodated (us|me|my|our)",
    "(on|for) a (saturday|sunday|weekend|evening) ^0.6", "(saturday|sunday|weekend|evening) (appointment|slot|visit) ^0.7",
    "kept the appointment", "cancellation list", "(earlier|sooner) than (planned|scheduled|expected|promised|booked)", "no wait", "no waiting", "(short|no) wait (time)?", "(plenty of|lots of|good) availability",
    "(got|get) (me|us)? (on|onto) the (schedule|calendar) (quickly|fast|right away|the same)",
  ],
  negative: [
    "reschedul|rescheduled|reschedule|rescheduling|re-scheduled", "(postpone|postponed|postponing|postpones)", "(they|office|company|she|he) (cancelled|canceled|cancel|cancels)",
    "(cancelled|canceled) on (me|us)", "(cancelled|canceled) (my|our|the) (appointment|visit)", "(cancelled|canceled) ^0.8",
    "(moved|pushed|bumped) (my|our|the|it|us|me) (appointment|visit|date)? (back|again|twice|out)",
    "(moved|moving|bumped|bumping|pushed|pushing|shifted) (me|us|my|our|it) (appt|appointment|visit|slot|booking)? (from|to|twice|again|back)", "(got|get|was|were|been|getting) (bumped|moved|pushed back)",
    "(appt|appointment|visit|slot|booking) (was|got|had been|has been) (moved|bumped|pushed|postponed|changed)",
    "first (free|open|available) (day|slot|date|appointment|opening|spot)", "first (day|date|slot) (they|he|she) (had|have|has) (free|open|available)", "pushed back", "(moved|bumped) (it|us|me) to",
    "(move|moved|moves|moving|bumped) (my|our|the) (appointment|visit|date)", "push it (again|back)", "(double-booked|double booked|overbooked)",
    "(they|office|company|he|she) (moved|bumped|pushed|changed) (it|the date|the appointment|my appointment|our appointment|the visit)",
    "(appointment|visit|date|booking) (had|has|was|got|were)? (been)? (moved|rescheduled|changed|cancelled|canceled|pushed|bumped)",
    "(booked|booking) (up|out|solid) (for|until|through)?", "fully booked", "#num #num? (days|weeks|months|week|month) out", "(weeks|months) out", "(earliest|first) (.. )? (was|is|they had) (.. )? (weeks|months|a month|a week) (out|away|later)",
    "(took|take|takes|taking|waited|wait|waiting) (.. )? (weeks|months|a week|a month) (to|before|for|until)",
    "(a|#num)? (week|weeks|month|months) (wait|waiting)", "wait of (.. )? (weeks|months|a week|a month)",
    "(weeks|months) to get (on|onto|an|a)? (the)? (calendar|schedule|appointment|slot)",
    "first (opening|availability|appointment|slot|date|available) (was|wasn't|is|they had) ^0.7", "earliest (opening|appointment|slot|date) ^0.7",
    "long wait", "(had|have) to wait", "waiting list ^0.7", "waitlist ^0.7", "no (availability|openings|slots)",
    "(hard|difficult|impossible) to (book|schedule|get an appointment|get in|get on the calendar)",
    "(could not|never|can not) (get|find) (an|a)? (appointment|slot|time|date)", "(all-day|all day|six-hour|eight-hour|nine-hour|ten-hour|twelve-hour|6-hour|8-hour|9-hour|10-hour|12-hour) window",
    "(dragged|drags|drag) (on|out)", "(delay|delays|delayed) ^0.7", "(move|moved|moving|shuffle|shuffled) (some|the)? (jobs|appointments|things) around",
    "(had|have|need|needed) to rebook ^0.8", "(turned|turns|slipped|slid) into (.. )? (@month|weeks|months|the next)", "(call|called) (us|me)? to rebook ^0.7", "(three|#num) different (appointment)? times",
  ],
  target: ["(arrival|appointment|time|service) window", "scheduling", "schedule/NOUN", "booking/NOUN", "availability", "scheduler", "the wait", "wait (time|times)"],
  block: [
    "(my|our|your|their|work|busy|own) schedule", "on schedule", "(yearly|annual|regular) schedule", "the wait was worth it",
    "(i|we) (had|have|needed)? (to)? (reschedule|rescheduled|cancel|cancelled|canceled|moved it|pushed it)", "wait for (a)? dry day",
    "wait until (.. )? (migrate|leave|gone|spring|fall|summer)", "(can not|could not) wait", "wait and see", "(weeks|months) later",
    "(took|take|takes) (.. )? (weeks|months) to (dry|cure|settle)", "wait (a|one) (day|week) before",
  ],
});
