// Personal plans at home and with family and friends: moving, parties, buying a vehicle, a new hobby.
import { detail, type PersonalPlan } from "./personal-plan.ts";

export const HOME_PLANS: readonly PersonalPlan[] = [
  {
    key: "move",
    subjects: [
      "a flat in Kreuzberg",
      "a bigger place in Porto",
      "the house near the lake",
      "a studio downtown",
      "my partner's place in Ghent",
      "a cottage outside Bristol",
    ],
    says: (s) => `moving into ${s} next month`,
    name: (s) => `moving into ${s}`,
    paraphrase: (s) => `the relocation to ${s}`,
    concerns: ["packing boxes", "the deposit", "internet setup", "the lease", "furniture"],
    details: [
      detail(
        "landlord",
        "the landlord",
        ["Mrs Okafor", "Herr Brandt", "a guy called Rui", "Ms Lindqvist"],
        [
          (v) => `the landlord is ${v}, very chatty.`,
          (v, t) => `${v} owns the place, that's who I deal with for ${t}.`,
          (v) => `${v} still hasn't sent the keys.`,
        ],
        [(t) => `What was my landlord's name when I was ${t}?`, (t) => `Who owned the place for ${t}?`],
      ),
      detail(
        "movers",
        "the moving company",
        ["Two Guys Removals", "BoxBros", "Swift Relocations"],
        [
          (v) => `we hired movers, ${v}, for the heavy stuff.`,
          (v, t) => `${v} are doing ${t}.`,
          (v) => `${v} quoted half what the others did.`,
        ],
        [(t) => `Which moving company did I hire for ${t}?`, (t) => `Who did the heavy lifting for ${t}?`],
      ),
      detail(
        "rent",
        "the rent",
        ["1,450 a month", "980 euros", "2,100 with bills", "1,200 flat"],
        [
          (v) => `rent is ${v}, which is a stretch.`,
          (v, t) => `${t} means paying ${v}.`,
          (v) => `it's ${v}, so no more takeaways.`,
        ],
        [(t) => `How much was the rent for ${t}?`, (t) => `What did ${t} cost me per month?`],
      ),
    ],
  },
  {
    key: "party",
    subjects: [
      "my dad's 60th",
      "Mia's 8th birthday",
      "our anniversary dinner",
      "the team farewell for Jonas",
      "my brother's engagement party",
      "a surprise party for Grandma Rosa",
    ],
    says: (s) => `organising ${s}`,
    name: (s) => `${s}`,
    paraphrase: (s) => `the celebration for ${s}`,
    concerns: ["the guest list", "a cake", "the budget", "decorations", "a playlist"],
    details: [
      detail(
        "venue",
        "the venue",
        ["The Copper Kettle", "a boathouse on the river", "Luigi's back room"],
        [
          (v) => `the venue is ${v}, they do private bookings.`,
          (v, t) => `we're holding ${t} at ${v}.`,
          (v) => `${v} has space for thirty.`,
        ],
        [(t) => `What venue did I book for ${t}?`, (t) => `Where was ${t} held?`],
      ),
      detail(
        "gift",
        "the gift",
        ["a record player", "a pottery class", "a signed football", "a telescope"],
        [
          (v) => `for the gift I'm thinking ${v}.`,
          (v, t) => `I ordered ${v} for ${t}.`,
          (v) => `${v} arrives Thursday, fingers crossed.`,
        ],
        [(t) => `What gift did I get for ${t}?`, (t) => `What present did I order for ${t}?`],
      ),
    ],
  },
  {
    key: "car",
    subjects: ["a used hatchback", "an electric car", "a cargo bike", "a camper van", "a road bike", "a scooter"],
    says: (s) => `shopping for ${s}`,
    name: (s) => `buying ${s}`,
    paraphrase: (s) => `looking at ${s} to own`,
    concerns: ["insurance", "financing", "test drives", "running costs", "resale value"],
    details: [
      detail(
        "model",
        "the model",
        ["a 2019 Golf", "a Kia Niro", "an Urban Arrow", "a VW California"],
        [
          (v) => `the model I like most is ${v}.`,
          (v, t) => `for ${t} I test drove ${v}.`,
          (v) => `${v} drove really nicely.`,
        ],
        [(t) => `Which model did I like when I was ${t}?`, (t) => `What did I test drive while ${t}?`],
      ),
      detail(
        "dealer",
        "the dealer",
        ["Autohaus Meyer", "GreenWheels", "a private seller in Leeds"],
        [
          (v) => `the dealer is ${v}, they'll hold it till Monday.`,
          (v, t) => `${v} has the best offer for ${t}.`,
          (v) => `${v} knocked 500 off.`,
        ],
        [(t) => `Which dealer had the offer for ${t}?`, (t) => `Who was selling it when I was ${t}?`],
      ),
    ],
  },
  {
    key: "hobby",
    subjects: [
      "guitar",
      "pottery",
      "bouldering",
      "sourdough baking",
      "Portuguese",
      "chess",
      "watercolour",
      "salsa dancing",
    ],
    says: (s) => `getting into ${s} in the evenings`,
    name: (s) => `learning ${s}`,
    paraphrase: (s) => `my new ${s} habit`,
    concerns: ["practice time", "beginner mistakes", "gear", "staying motivated", "a weekly routine"],
    details: [
      detail(
        "teacher",
        "the teacher",
        ["Inês", "a YouTuber called Justin", "Coach Dmitri", "Mrs Patel"],
        [
          (v) => `my teacher is ${v}, super patient.`,
          (v, t) => `${v} is helping me with ${t}.`,
          (v) => `${v} says I'm rushing it.`,
        ],
        [(t) => `Who was my teacher for ${t}?`, (t) => `Who was helping me with ${t}?`],
      ),
      detail(
        "place",
        "the studio",
        ["Clay Corner", "the Boulderhaus", "the community centre on 5th"],
        [(v) => `the studio I go to is ${v}.`, (v, t) => `I do ${t} at ${v}.`, (v) => `${v} is ten minutes by bike.`],
        [(t) => `Which studio did I go to for ${t}?`, (t) => `Where did I go for ${t}?`],
      ),
    ],
  },
];
