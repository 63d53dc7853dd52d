import { defineCues, type LexiconEntry } from "./cue-types.ts";

const BILL = "price|cost|bill|invoice|total|charge|quote|estimate|it|amount|final|invoice|pricing";
const SAID = "quoted|quote|said|told|promised|estimated|written|wrote|agreed|expected|discussed|stated|listed";

/** Price, fees, quote versus bill, worth, fairness, free extras. */
export const PRICE_VALUE_CUES: LexiconEntry[] = defineCues("price_value", {
  positive: [
    "reasonably priced", "fairly priced", "priced (fairly|right|reasonably|competitively)", "affordable", "inexpensive", "bargain",
    "worth it", "worth every (penny|cent|dollar)", "worth (the|their) (money|price|cost|investment|expense|fee)", "well worth", "money well spent",
    "best (money|#money) (.. )? spent", "(would|'d|will|i'll) (happily|gladly)? pay (it|that|them)? again", "value for (the)? money",
    "(good|great|excellent|fair|solid|real|tremendous|terrific) value",
    `(${BILL}) (was|were|is|came to|came in|came out)? (at)? (exactly|right|just|precisely)? (what|as) (.. )? (${SAID})`,
    `(${BILL}) (was|were|is)? (the)? (same|exactly) (as|like) (.. )? (quote|quoted|phone|estimate|said|told)`, "same price (as|like) (.. )? (quote|quoted|phone|estimate)",
    "(charged|billed|cost|paid) exactly", `exactly what (.. )? (${SAID})`, "(matched|match|matches) (the|their|his|her)? (written|original|phone)? (quote|estimate|price)",
    "(quote|estimate|price|invoice|bill) (matched|match)", "to the (dollar|penny|cent)", "(stuck|stick|sticks) to (the|their|his|her)? (quote|estimate|price)",
    "(no|without|zero|never any) (hidden|surprise|extra|additional|unexpected|added)? (fees|fee|charges|charge|costs|surprises)", "no surprise (charges|fees|costs|bill)",
    "(at|for)? no (extra|additional)? (charge|cost)", "free of charge", "for free", "free/ADJ ^0.6", "(threw|throw|thrown) in", "(was|were|is|'s|it's|that's|be) on the house", "paid for itself", "(happy|glad|willing) to pay",
    "(did not|never|would not|wouldn't|didn't) (even)? charge (me|us)? (for|extra|anything|a dime|a thing)", "(would not|wouldn't|did not) let (me|us) pay",
    "(only|just) (charged|billed) (me|us)?", "(charged|billed) (me|us)? (only|just) (for)?", "(knocked|took|knock|takes|take) (#money) (#num)? (.. )? off",
    "(knocked|took) (.. )? off the (bill|price|invoice|total)", "(discount|discounted|discounts) ^0.8", "off-season rate ^0.5",
    "(a lot|plenty|great|good|so much|more than fair|a bargain) for the (money|price)", "(knocked|took|knock|takes|take) (#num)? (#num)? (bucks|dollars|percent) off",
    "(cheaper|less|lower) than (the)? (other|others|competitors|competition|quote|quoted|expected|everyone|anyone|i expected|we expected|last|either|any|most|they|he|she|what)",
    "(charged|charges|charge|cost|costs) (us|me)? (a lot|much|way|far|quite a bit)? less", "you get what you pay for ^0.8",
    "a fraction of", "(competitive|competitively) ^0.8", "cheap/ADJ ^0.7", "cheaper ^0.7", "(honored|honoured|honor|honour) (the|their|his|our|it)? (quote|price|coupon|estimate)?",
    "(price|cost) (was|is) right", "exactly what (i|we) (paid|were charged|was charged|got charged|were billed)",
    "(seemed|seem|seems|looked|thought it was|felt) (a bit|a little|pretty|kind of|really)? (high|steep|expensive|pricey) (at first)? until",
  ],
  negative: [
    "expensive", "pricey|pricy|pricier|priciest", "on the (high|higher|expensive|pricey|pricier|steep) (side|end)", "overpriced|over-priced", "costly", "steep", "spendy", "(a lot|lots|a ton|a pile) of money", "big bucks",
    "stung", "ouch", "waste of (money|time and money)", "highway robbery",
    "(price|prices|cost|costs|rate|rates|bill|charge|sweep|cleaning) (went|go|goes|gone|has gone|have gone|shot|going) up", "(price|prices|cost|costs|rate|rates|bill|charge) (jumped|jump|jumps|increased|rose|climbed|doubled|tripled|changed)",
    "(price|rate|rates|prices) (increase|increases|hike|hikes|jump)", "#money (more|extra|higher) (than|for|this|over)", "#num (%|percent) (jump|increase|more|higher)",
    "(more|higher) than (.. )? (expected|budgeted|quoted|thought|planned|anticipated|the quote|the estimate|what we were told|what i was told)",
    "(higher|more) than (the)? (quote|quoted|estimate|estimated|listed|advertised)", "(charged|billed|cost) (me|us)? (more|extra)",
    "surprise (fee|fees|charge|charges|bill|cost|costs|price|pricing|increase)", "hidden (fee|fees|charge|charges|costs)",
    "(trip|access|roof access|service|convenience|travel|fuel|after-hours|emergency|extra|additional) (fee|charge)", "upcharge|up-charge|upcharged", "surcharge|surcharges", "(fee|fees|charge|charges|surcharge|extras|extra) (.. )? (was|were)? (not|never) (mentioned|disclosed|quoted|discussed)", "(overcharge|overcharged|overcharging|overbilled|over-charged)",
    "(quote|quoted|estimate|price|bill|invoice|they|numbers) (and the bill)? (.. )? (did not|does not|never|didn't) (match|add up)", "(quoted|told) one price",
    "charged (another|something else|more)", "for what (i|we) (paid|pay|spent) ^0.7", "at (this|that|these) (price|prices) ^0.6", "for (that kind of|that much) money",
    "(cost|costs|charged|charge|charging|paid|pay|price|prices|spent|asking|asked) (.. )? too much", "paid too much", "(cost|costs|was|priced) (a lot|much|way|quite a bit|a bit|a little)? (more|higher) than ^0.8", "(nickel and dime|nickel-and-dime|nickel and dimed)", "sticker shock", "blindsided ^0.6", "(over|above) the (quote|estimate) ^0.8",
    "(#money) over (the)? (quote|estimate)", "(special|coupon|deal) (turned|turns) into", "(double|twice|triple|two times|three times) (the|what) (.. )? (estimate|quote|quoted|price|estimated|they said)",
    "(never|did not|didn't) (agree|agreed|approve|approved|authorize|authorized|ask for|asked for) (to)? ^0.8", "(refused|refuse|refuses|would not|did not|never) (to)? (honor|honour) ^1",
  ],
  target: ["price|prices/NOUN", "pricing", "cost|costs/NOUN", "bill/NOUN", "billing", "invoice", "charge|charges/NOUN", "fee|fees", "rate|rates/NOUN", "quote/NOUN", "estimate/NOUN", "value", "money", "#money #num?", "deal/NOUN"],
  block: [
    "(price|cost) of (firewood|wood|gas|oil|groceries|everything|a new|living)", "everything (is|'s)? (going|goes|went|gone) up", "the price we pay",
    "free (inspection|estimate|estimates|quote|camera)", "in charge", "charged up", "free (time|day|weekend)", "value (my|our|your) (time|business)",
    "(knocked|knock|knocking) (it|one|a)? (star|stars)? down to", "(high-efficiency|high efficiency)", "took off (his|her|their) (shoes|boots)",
    "steep (roof|pitch|slope)", "cheap (parts|foil|plastic|vinyl|flex|stuff|coupon|outfit|outfits|duct|hose|material|materials)", "(cheapest|cheaper) (option|options|first|one|route|fix)",
    "(a|the) (quote|estimate) for", "(gave|give|get|got|getting) (us|me)? (a|the)? (quote|estimate|price)", "(on|through) the (deal|sale)",
  ],
});
