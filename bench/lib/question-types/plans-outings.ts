// Personal plans that take the user out of the house: trips and races, each made several times with another place.
import { detail, type PersonalPlan } from "./personal-plan.ts";

export const OUTING_PLANS: readonly PersonalPlan[] = [
  {
    key: "trip",
    subjects: [
      "Kyoto",
      "Lisbon",
      "Oaxaca",
      "Edinburgh",
      "Hanoi",
      "Cape Town",
      "Reykjavik",
      "Vienna",
      "Seoul",
      "Marrakesh",
      "Tbilisi",
      "Vancouver",
      "Palermo",
      "Cusco",
    ],
    says: (s) => `planning a trip to ${s} in the spring`,
    name: (s) => `my ${s} trip`,
    paraphrase: (s) => `the holiday in ${s}`,
    concerns: ["the itinerary", "a rail pass", "jet lag", "packing light", "day trips", "the weather"],
    details: [
      detail(
        "hotel",
        "the hotel",
        ["Hotel Koto", "Casa do Rio", "The Larch Inn", "Maison Verte", "Sora House"],
        [
          (v) => `we booked the hotel already, ${v}, near the old town.`,
          (v, t) => `for ${t} we're staying at ${v}.`,
          (v) => `${v} had good reviews so we went for it.`,
        ],
        [(t) => `What was the name of the hotel I booked for ${t}?`, (t) => `Where were we staying on ${t}?`],
      ),
      detail(
        "companion",
        "who I travel with",
        ["my sister Ana", "my college friend Theo", "my partner Sam"],
        [
          (v) => `I'm travelling with ${v}, so two of us.`,
          (v, t) => `${v} is coming on ${t} too.`,
          (v) => `${v} wants to see everything, I just want to eat.`,
        ],
        [(t) => `Who was I travelling with on ${t}?`, (t) => `Who was coming with me on ${t}?`],
      ),
      detail(
        "flight",
        "the flight",
        ["a red-eye via Frankfurt", "the 6:15 direct", "two legs through Doha"],
        [
          (v) => `the flight is ${v}, not ideal.`,
          (v, t) => `we got ${v} for ${t}.`,
          (v) => `we're on ${v}, so I'll be a zombie on day one.`,
        ],
        [(t) => `What flight did we take for ${t}?`, (t) => `How were we flying for ${t}?`],
      ),
    ],
  },
  {
    key: "race",
    subjects: [
      "the Berlin half marathon",
      "a local 10k",
      "the city trail race",
      "my first marathon",
      "the Amsterdam 10 miler",
      "a sprint triathlon",
      "the charity 5k",
    ],
    says: (s) => `training for ${s}`,
    name: (s) => `training for ${s}`,
    paraphrase: (s) => `getting in shape for ${s}`,
    concerns: ["long runs", "interval sessions", "rest days", "carb loading", "my heart rate zones"],
    details: [
      detail(
        "shoes",
        "the running shoes",
        ["Saucony Endorphins", "Hoka Cliftons", "Nike Pegasus 40"],
        [
          (v) => `I got new running shoes, ${v}, still breaking them in.`,
          (v, t) => `for ${t} I'm wearing ${v}.`,
          (v) => `${v} feel great on the long runs.`,
        ],
        [(t) => `What running shoes did I buy for ${t}?`, (t) => `Which shoes was I wearing in ${t}?`],
      ),
      detail(
        "goal-time",
        "the goal time",
        ["1:45", "under 50 minutes", "sub 4 hours", "2:05"],
        [
          (v) => `my goal time is ${v}, which feels ambitious.`,
          (v, t) => `I'm aiming for ${v} in ${t}.`,
          (v) => `${v} would make me very happy.`,
        ],
        [(t) => `What goal time was I aiming for in ${t}?`, (t) => `How fast did I want to finish ${t}?`],
      ),
      detail(
        "club",
        "the running club",
        ["Riverside Striders", "the Tuesday track group", "Parkrun crew"],
        [
          (v) => `I joined a running club, ${v}, for the speed work.`,
          (v, t) => `${v} are doing ${t} too.`,
          (v) => `I go out with ${v} on Tuesdays.`,
        ],
        [(t) => `Which running club did I join for ${t}?`, (t) => `Who was I training with for ${t}?`],
      ),
    ],
  },
];
