// What happens in the lives of the two friends of the friends conversation set (friends-sessions.ts): each event is
// told by one of them in the first person, the other asks a follow-up, and the teller answers with a second detail.
// Questions come later, in the third person with the teller's name, as people ask about a conversation they read:
// mostly with a word of the turn, sometimes in other words ("What pet does Lena have now?" for "we adopted a puppy").

/** `text` with its first letter in upper case, to open a sentence. */
const upper = (text = "") => `${text.slice(0, 1).toUpperCase()}${text.slice(1)}`;

/** One drawing of an event's values. */
export type EventValues = Readonly<Record<string, string>>;

/** A question about an event; `turn` is the turn that answers it (the telling or the answer to the follow-up). */
export interface EventQuestion {
  turn: "tell" | "answer";
  ask: (name: string, v: EventValues) => string;
  /** Asked in other words than the turn uses. */
  reworded?: boolean;
}

export interface LifeEvent {
  key: string;
  values: Readonly<Record<string, readonly string[]>>;
  tell: ReadonlyArray<(v: EventValues) => string>;
  /** The friend's follow-up; `name` is the teller's name. */
  follow: ReadonlyArray<(name: string, v: EventValues) => string>;
  answer: ReadonlyArray<(v: EventValues) => string>;
  questions: readonly EventQuestion[];
}

export const LIFE_EVENTS: readonly LifeEvent[] = [
  {
    key: "puppy",
    values: {
      pet: ["Biscuit", "Juniper", "Pepper", "Otis", "Mochi", "Clover", "Ziggy", "Hazel"],
      breed: ["border collie", "beagle mix", "golden retriever", "dachshund", "husky", "corgi"],
    },
    tell: [
      (v) => `We finally adopted a puppy from the shelter last weekend! We named her ${v.pet}.`,
      (v) => `Big news, we brought home a puppy on Saturday. Her name is ${v.pet} and she's already the boss.`,
    ],
    follow: [(n) => `Aww ${n}, I love that! What breed is she?`, (n) => `Omg ${n}, a puppy! What kind of dog?`],
    answer: [(v) => `She's a ${v.breed}, so much energy.`, (v) => `A ${v.breed}, the vet says she'll stay small-ish.`],
    questions: [
      { turn: "tell", ask: (n) => `What is the name of ${n}'s puppy?` },
      { turn: "answer", ask: (n) => `What breed is ${n}'s dog?` },
      { turn: "tell", ask: (n) => `When did ${n} adopt a puppy?` },
      { turn: "tell", ask: (n) => `What did ${n} call the new pet?`, reworded: true },
    ],
  },
  {
    key: "class",
    values: {
      subject: ["pottery", "salsa", "woodworking", "Italian cooking", "life drawing", "improv", "ceramics glazing"],
      day: ["Tuesday", "Wednesday", "Thursday", "Monday"],
    },
    tell: [
      (v) => `I signed up for a ${v.subject} class at the community center!`,
      (v) => `So I finally did it, I'm taking a ${v.subject} class. First session was amazing.`,
    ],
    follow: [(n) => `That's awesome, ${n}! When does it meet?`, () => `Fun! Is it every week?`],
    answer: [(v) => `Every ${v.day} evening, right after work.`, (v) => `Yep, ${v.day} nights for eight weeks.`],
    questions: [
      { turn: "tell", ask: (n) => `What class did ${n} sign up for?` },
      { turn: "answer", ask: (n, v) => `Which evening does ${n}'s ${v.subject} class meet?` },
      { turn: "tell", ask: (n) => `What new hobby did ${n} start learning?`, reworded: true },
    ],
  },
  {
    key: "camping",
    values: {
      place: ["Yosemite", "Lake Tahoe", "the Olympic peninsula", "Big Sur", "the Smoky Mountains", "Zion"],
      sighting: ["a black bear", "a meteor shower", "a family of deer", "two bald eagles", "a moose"],
    },
    tell: [
      (v) => `Just got back from camping at ${v.place} with the kids.`,
      (v) => `We spent the long weekend camping in ${v.place}, tents and all.`,
    ],
    follow: [(n) => `Sounds amazing, ${n}! Did you see any wildlife?`, () => `Jealous! Anything exciting happen?`],
    answer: [
      (v) => `We saw ${v.sighting} on the second night, the kids lost their minds.`,
      (v) => `Yes! ${upper(v.sighting)} right by the trail.`,
    ],
    questions: [
      { turn: "tell", ask: (n) => `Where did ${n} go camping?` },
      { turn: "answer", ask: (n) => `What did ${n} see on the camping trip?` },
      { turn: "tell", ask: (n) => `Where did ${n} take the family to sleep outdoors?`, reworded: true },
      { turn: "tell", ask: (n) => `Does ${n} enjoy nature?`, reworded: true },
    ],
  },
  {
    key: "painting",
    values: {
      subject: ["a sunrise over the lake", "a portrait of my grandma", "a field of sunflowers", "a stormy sea"],
      medium: ["watercolors", "acrylics", "oil pastels", "gouache"],
    },
    tell: [
      (v) => `I finished a painting last night, ${v.subject}.`,
      (v) => `Been painting again! This one is ${v.subject}.`,
    ],
    follow: [
      (n) => `I'd love to see it, ${n}! What did you paint it with?`,
      () => `Beautiful. What paints do you use?`,
    ],
    answer: [(v) => `${upper(v.medium)}, I'm still learning to blend them.`],
    questions: [
      { turn: "tell", ask: (n) => `What did ${n} paint recently?` },
      { turn: "answer", ask: (n) => `What kind of paint does ${n} use?` },
      { turn: "tell", ask: (n) => `What was the subject of ${n}'s latest artwork?`, reworded: true },
    ],
  },
  {
    key: "book",
    values: {
      title: ["The Salt Road", "Nine Quiet Rooms", "A Map of Small Fires", "The Glass Orchard", "Winter Ledger"],
      author: ["Ruth Okafor", "Daniel Mercer", "Ines Valdez", "Tomas Berg", "Leila Haddad"],
    },
    tell: [
      (v) => `I'm reading ${v.title} right now and I can't put it down.`,
      (v) => `Have you heard of ${v.title}? I'm halfway through, it's so good.`,
    ],
    follow: [(n) => `Ooh ${n}, who wrote it?`, () => `Never heard of it, who's the author?`],
    answer: [
      (v) => `${v.author}, a friend from work recommended her.`,
      (v) => `It's by ${v.author}, their second novel.`,
    ],
    questions: [
      { turn: "tell", ask: (n) => `What book is ${n} reading?` },
      { turn: "answer", ask: (n) => `Who wrote the book ${n} is reading?` },
      { turn: "tell", ask: (n) => `Which novel has ${n} been unable to stop turning pages of?`, reworded: true },
    ],
  },
  {
    key: "career",
    values: {
      field: ["counseling", "nursing", "graphic design", "data analysis", "social work", "physical therapy"],
      step: ["applying to master's programs", "a certificate course online", "an internship at a clinic"],
    },
    tell: [
      (v) => `I've decided I want to go into ${v.field}.`,
      (v) => `I think I'm switching careers, ${v.field} feels right.`,
    ],
    follow: [(n) => `That suits you so well, ${n}! What's the next step?`, () => `Wow, big move. How do you start?`],
    answer: [(v) => `${upper(v.step)}, fingers crossed.`],
    questions: [
      { turn: "tell", ask: (n) => `What career does ${n} want to pursue?` },
      { turn: "answer", ask: (n) => `What is ${n}'s next step toward the new career?` },
      { turn: "tell", ask: (n) => `What profession is ${n} hoping to move into?`, reworded: true },
    ],
  },
  {
    key: "visit",
    values: {
      relation: ["mom", "brother", "aunt", "cousin", "grandpa", "sister"],
      city: ["Denver", "Halifax", "Manila", "Lagos", "Dublin", "Osaka"],
      stay: ["two weeks", "just the weekend", "a whole month", "ten days"],
    },
    tell: [(v) => `My ${v.relation} is flying in from ${v.city} next week!`],
    follow: [(n) => `How fun, ${n}! How long is the visit?`, () => `Yay! How long are they staying?`],
    answer: [(v) => `${upper(v.stay)}, so the guest room finally gets used.`],
    questions: [
      { turn: "tell", ask: (n) => `Who is visiting ${n}?` },
      { turn: "tell", ask: (n, v) => `Where is ${n}'s ${v.relation} flying in from?` },
      { turn: "answer", ask: (n, v) => `How long is ${n}'s ${v.relation} staying?` },
    ],
  },
  {
    key: "race",
    values: {
      race: ["a 10K", "a half marathon", "a charity 5K", "a sprint triathlon", "a trail run"],
      time: ["52 minutes", "just under two hours", "31:40", "an hour and a half"],
    },
    tell: [(v) => `I ran ${v.race} on Sunday!`, (v) => `Guess who finished ${v.race} this weekend? Me!`],
    follow: [(n) => `No way, ${n}! How did it go?`, () => `That's huge! What was your time?`],
    answer: [(v) => `Finished in ${v.time}, my legs are still sore.`, (v) => `${v.time}, way better than I expected.`],
    questions: [
      { turn: "tell", ask: (n) => `What race did ${n} run?` },
      { turn: "answer", ask: (n) => `What was ${n}'s finishing time in the race?` },
      { turn: "tell", ask: (n) => `What athletic event did ${n} complete?`, reworded: true },
    ],
  },
  {
    key: "volunteer",
    values: {
      place: ["the animal shelter", "a food bank", "a youth mentoring program", "the community garden", "a hospice"],
      task: [
        "walking the dogs",
        "sorting donations",
        "tutoring teens in math",
        "weeding and watering",
        "reading to patients",
      ],
    },
    tell: [(v) => `I started volunteering at ${v.place} on Saturdays.`],
    follow: [(n) => `That's so kind of you, ${n}. What do you do there?`, () => `Love that. What's the work like?`],
    answer: [(v) => `Mostly ${v.task}, but it fills my heart.`],
    questions: [
      { turn: "tell", ask: (n) => `Where does ${n} volunteer?` },
      { turn: "answer", ask: (n) => `What does ${n} do when volunteering?` },
      { turn: "tell", ask: (n) => `Where does ${n} give time for free on weekends?`, reworded: true },
    ],
  },
  {
    key: "instrument",
    values: {
      instrument: ["ukulele", "cello", "piano", "drums", "violin", "banjo"],
      song: ["Moon River", "Here Comes the Sun", "a Bach minuet", "Clair de Lune", "Hallelujah"],
    },
    tell: [
      (v) => `I picked up the ${v.instrument} again after years.`,
      (v) => `I bought a used ${v.instrument} and I'm hooked.`,
    ],
    follow: [(n) => `Love that, ${n}! What are you practicing?`, () => `Cool! Learning any songs?`],
    answer: [(v) => `${v.song}, very slowly.`, (v) => `Trying to get through ${v.song} without stopping.`],
    questions: [
      { turn: "tell", ask: (n) => `What instrument does ${n} play?` },
      { turn: "answer", ask: (n) => `What song is ${n} practicing?` },
      { turn: "tell", ask: (n) => `Which music-making hobby did ${n} return to?`, reworded: true },
    ],
  },
  {
    key: "gift",
    values: {
      giver: ["my grandmother", "my best friend", "my partner", "my dad"],
      item: ["a silver locket", "a vintage camera", "a hand-knit scarf", "a leather journal"],
      meaning: ["the summers at the lake house", "our first road trip", "my mom, who loved to write"],
    },
    tell: [(v) => `For my birthday ${v.giver} gave me ${v.item}.`],
    follow: [(n) => `That's so thoughtful, ${n}. Does it mean something special?`],
    answer: [(v) => `It reminds me of ${v.meaning}.`],
    questions: [
      { turn: "tell", ask: (n) => `What did ${n} get for their birthday?` },
      { turn: "tell", ask: (n) => `Who gave ${n} a birthday present?` },
      { turn: "answer", ask: (n) => `What does ${n}'s birthday gift remind them of?` },
    ],
  },
  {
    key: "home",
    values: {
      project: [
        "repainting the kitchen",
        "building a treehouse",
        "planting a vegetable garden",
        "redoing the bathroom tiles",
      ],
      detail: ["sage green", "cedar planks", "tomatoes and basil", "white hexagon tiles"],
    },
    tell: [(v) => `This month we're ${v.project}, total chaos at home.`],
    follow: [(n) => `Ha, good luck ${n}! What are you going with?`],
    answer: [(v) => `We went with ${v.detail} after a lot of arguing.`],
    questions: [
      { turn: "tell", ask: (n) => `What home project is ${n} working on?` },
      { turn: "answer", ask: (n) => `What did ${n} choose for the home project?` },
      { turn: "tell", ask: (n) => `What DIY job is keeping ${n}'s house busy?`, reworded: true },
    ],
  },
  {
    key: "concert",
    values: {
      show: ["The Lanterns concert", "a pride parade", "a poetry reading", "the night market food festival"],
      with: ["my sister", "the kids", "my coworker Jess", "my neighbor"],
    },
    tell: [(v) => `I went to ${v.show} last Friday, it was so powerful.`],
    follow: [(n) => `Oh nice, ${n}! Who did you go with?`],
    answer: [(v) => `With ${v.with}, we stayed until the very end.`],
    questions: [
      { turn: "tell", ask: (n) => `What event did ${n} go to last Friday?` },
      { turn: "answer", ask: (n, v) => `Who went with ${n} to ${v.show}?` },
      { turn: "tell", ask: (n) => `When did ${n} attend the event?` },
    ],
  },
  {
    key: "cooking",
    values: {
      dish: ["a lemon ricotta cake", "homemade ramen", "my grandma's pierogi", "a mushroom risotto", "banana bread"],
      occasion: ["my son's birthday", "a potluck at work", "our anniversary", "the neighborhood block party"],
    },
    tell: [(v) => `I made ${v.dish} yesterday and it actually turned out great.`],
    follow: [(n) => `Yum, ${n}! What was the occasion?`],
    answer: [(v) => `It was for ${v.occasion}.`],
    questions: [
      { turn: "tell", ask: (n) => `What did ${n} make yesterday?` },
      { turn: "answer", ask: (n) => `What occasion did ${n} cook for?` },
      { turn: "tell", ask: (n) => `What dish did ${n} prepare that came out well?`, reworded: true },
    ],
  },
  {
    key: "injury",
    values: {
      injury: ["sprained my ankle", "pulled a muscle in my back", "hurt my wrist", "twisted my knee"],
      treatment: ["physical therapy twice a week", "a brace and lots of ice", "gentle yoga every morning"],
    },
    tell: [(v) => `Ugh, I ${v.injury} playing soccer with the kids.`],
    follow: [(n) => `Oh no, ${n}! What is the doctor having you do?`],
    answer: [(v) => `${upper(v.treatment)} for now.`],
    questions: [
      { turn: "tell", ask: (n) => `How did ${n} get hurt?` },
      { turn: "answer", ask: (n) => `What treatment is ${n} doing for the injury?` },
      { turn: "tell", ask: (n) => `What happened to ${n} during the soccer game?` },
    ],
  },
  {
    key: "move",
    values: {
      area: [
        "a little place near the river",
        "a townhouse across town",
        "an apartment downtown",
        "a farmhouse outside the city",
      ],
      feature: ["a huge backyard", "a reading nook", "a view of the bridge", "a wood stove"],
    },
    tell: [(v) => `We signed the lease on ${v.area}! Moving next month.`],
    follow: [(n) => `Congrats, ${n}! What's your favorite part of it?`],
    answer: [(v) => `Definitely ${v.feature}.`],
    questions: [
      { turn: "tell", ask: (n) => `Where is ${n} moving to?` },
      { turn: "answer", ask: (n) => `What is ${n}'s favorite thing about the new place?` },
      { turn: "tell", ask: (n) => `What new home did ${n} rent?`, reworded: true },
    ],
  },
];
