import { defineCues, defineOpinions, type LexiconEntry } from "./cue-types.ts";

/**
 * General evaluations. They take the aspect of the nearest target in their
 * clause ("great job", "the price was fine"); with no target in reach they
 * count only if they default to an aspect, otherwise they are generic praise
 * or blame and carry no label.
 */
export const OPINION_WORDS: LexiconEntry[] = [
  ...defineOpinions(null, {
    positive: [
      "good", "great", "excellent", "amazing", "awesome", "fantastic", "wonderful", "terrific", "outstanding", "superb", "perfect", "perfectly",
      "impressive", "impressed", "happy", "pleased", "satisfied", "thrilled", "delighted", "ecstatic", "stoked", "best", "stellar", "exceptional", "phenomenal", "brilliant", "breeze", "a snap",
      "incredible", "flawless", "top-notch", "top notch", "first-rate", "first-class", "fabulous", "superior", "spot on", "painless",
      "fine ^0.6", "ok ^0.6", "okay ^0.6", "decent ^0.7", "solid ^0.8", "acceptable ^0.6", "alright ^0.6", "all right ^0.6",
      "love/VERB ^0.8", "loved ^0.8", "appreciate ^0.8", "appreciated ^0.8", "glad ^0.6", "super/ADJ ^0.7", "smooth ^0.7", "easy ^0.6",
      "efficient ^0.7", "efficiently ^0.7", "beautiful ^0.7", "beautifully ^0.7", "quick ^0.5", "quickly ^0.5", "fast ^0.5", "faster ^0.5",
      "prompt ^0.6", "reliable ^0.8", "dependable ^0.8", "clear ^0.6", "detailed ^0.7", "proper ^0.6", "properly ^0.6", "no complaints", "no complaint",
      "(well|nicely) done ^0.8", "(the)? real (thing|deal) ^0.8", "(top|high) marks", "a+", "a plus", "(can not|could not) fault", "no (issues|problems) (with)?",
    ],
    negative: [
      "bad", "poor", "poorly", "terrible", "terribly", "awful", "horrible", "horrendous", "lousy", "disappointing", "disappointed",
      "unhappy", "unacceptable", "worst", "mediocre", "subpar", "sub-par", "frustrating", "frustrated", "annoying", "annoyed ^0.7",
      "ridiculous", "complaint ^0.7", "complaints ^0.7", "complain ^0.7", "upset", "angry", "furious", "nightmare", "disaster",
      "pathetic", "useless", "worse ^0.7", "unimpressed", "slow ^0.6", "slower ^0.6", "sloppy ^0.9", "inconvenient ^0.6",
      "high/ADJ ^0.6", "higher ^0.6", "hefty ^0.8", "outrageous", "insane ^0.8", "crazy ^0.6", "absurd", "exorbitant", "painful ^0.6",
      "unreliable", "confusing ^0.7", "lacking", "inadequate", "insufficient", "(crashing|crashed|glitchy|buggy|kept crashing) ^0.7", "vague ^0.7", "not great", "meh ^0.6", "(a)? joke ^0.7", "(a)? letdown", "(another|a different) story ^0.7", "lazy ^0.9", "shoddy", "botched", "half-assed", "slapdash",
    ],
  }),
  // Words about people: with no other target ("they were nice") they are professionalism.
  ...defineOpinions("professionalism", { positive: ["nice ^0.8", "nice enough ^0.6", "lovely ^0.8", "sweet ^0.7", "great people"], negative: [] }),
  ...defineOpinions("price_value", { positive: ["reasonable", "fair/ADJ ^0.8", "fair"], negative: [] }),
  // Generic targets absorb nearby opinions: "great service", "great company" carry no aspect label.
  ...defineCues(null, {
    target: ["service/NOUN", "company", "companies", "experience", "business", "outfit", "everything", "overall", "visit", "keystone", "they", "it", "them", "guys and gals", "whole thing", "process"],
    block: [
      "to be fair", "('ll|will|let's|gonna|being) be fair", "being fair", "in (all)? fairness", "fair enough", "fair to say", "fair (shape|condition)", "fairly", "good (shape|condition|idea|luck|thing|question|point)",
      "good for #num", "good to go", "for good", "a good (while|half hour|hour|amount|deal|chunk|number|bit|few|many|look)", "good (amount|deal|number|chunk)",
      "pretty good chance", "no good way", "a great (deal|many) of", "(great-grandchildren|great grandkids|great-grandkids)", "the best part", "best guess", "did my best",
      "good (morning|news|sign|night)", "(never|not) a good sign", "happy (hour|holidays|thanksgiving|new year)", "merry christmas", "best wishes",
      "fine (white|dust|ash|powder|layer|particles|mesh|print)", "fine/ADJ (dust|ash|layer|powder|particles|mesh)", "quick (question|look|once-over|note)", "fast forward",
      "clear through", "all clear", "(clear|cleared) (it|the|out|up)", "cleared", "pain in the", "(high-efficiency|high efficiency|high school|high up)", "(late husband|late wife)",
      "best money", "easy to clean", "(fine|okay|ok) , (it|i|we|that|#money|whatever)", "made (.. )? look worse", "the (worst|best) (of|part|thing|case|way)", "(makes|make|made|making) (.. )? worse", "(at|is) (its|their) worst", "reasonably", "nice and (quick|easy|warm|dry|quiet|fast)", "(would|'d) (be|have been) nice", "(good|great|best) (time|times) to", "as good as (.. )? (any|ever)",
      "(good|great) (question|questions)", "in good (hands|shape|condition|faith)", "good (faith|riddance)", "(feel|felt) good about", "better than (nothing|most)",
      "love (to|that|it when)", "(i|we|you) (.. )? (love|loved) (my|our|the) (fireplace|stove|house|home|dog|dogs|cat|cats)",
    ],
  }),
];
