// The shape of one entry of the concept lexicon (lexicon/*.ts): a thing people talk about in software work or daily
// life, the words they use for it when they ask, and the names that belong to it. Recall uses it twice: the word-vector
// build pulls each member towards the concept's direction ("pnpm" near "package manager"), and at recall an entry and a
// prompt that name the same concept (one by a member, the other by an asking phrase) are credited as related.

export interface Concept {
  /** A short unique name, for reading and for tests ("package-manager"). */
  name: string;
  /**
   * A few plain everyday-English words that together point at the concept; their mean general-English vector is the
   * direction its members are pulled towards. Words only, no phrases.
   */
  category: readonly string[];
  /**
   * How people refer to the concept without naming a member: words and short phrases ("package manager",
   * "install dependencies", "lockfile"). Each one names the concept wherever it occurs, so a word that is common in
   * unrelated talk ("data", "time", "call") is never a trigger on its own: use a phrase that contains it instead.
   */
  asked: readonly string[];
  /** Names that belong to the concept: tools, products, services, commands, file names ("pnpm", "yarn.lock"). */
  members: readonly string[];
  /**
   * Names of other concepts that a question about this one is often answered through: a question about API tokens by
   * the team's secrets manager, one about the build output by the bundler. Recall gives an entry that names a related
   * concept part of the credit of naming the asked one. Relations are symmetric: listing one side is enough.
   */
  related: readonly string[];
}
