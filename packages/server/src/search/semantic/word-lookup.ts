// Finding a word's row in the built-in table without a Map of 100,000 strings (about 8 MB): the words stay in one
// string, and a sorted list of their rows is searched by halving, comparing characters in place (about 1 MB).

export class WordLookup {
  readonly #text: string;
  /** Start of each row's word in `#text`; the word ends where the next one starts, less its separator. */
  readonly #starts: Uint32Array;
  /** The rows, ordered by their words (UTF-16 code unit order). */
  readonly #sorted: Uint32Array;

  /** `words[row]` is the word of `row`; words must not contain "\n". */
  constructor(words: readonly string[]) {
    this.#text = words.join("\n");
    this.#starts = new Uint32Array(words.length + 1);
    let at = 0;
    for (const [row, word] of words.entries()) {
      this.#starts[row] = at;
      at += word.length + 1;
    }
    this.#starts[words.length] = at;
    const rows = Array.from({ length: words.length }, (_, row) => row);
    rows.sort((a, b) => {
      const x = words[a] as string;
      const y = words[b] as string;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    this.#sorted = Uint32Array.from(rows);
  }

  get size(): number {
    return this.#sorted.length;
  }

  /** The row of `word`, or undefined; the first row when a word occurs twice. */
  get(word: string): number | undefined {
    let low = 0;
    let high = this.#sorted.length - 1;
    let found: number | undefined;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const row = this.#sorted[middle] as number;
      const order = this.#compare(word, row);
      if (order === 0) {
        found = row;
        high = middle - 1;
      } else if (order < 0) high = middle - 1;
      else low = middle + 1;
    }
    return found;
  }

  /** The word of `row`. */
  wordAt(row: number): string {
    return this.#text.slice(this.#starts[row] as number, (this.#starts[row + 1] as number) - 1);
  }

  /** Negative, zero or positive as `word` sorts before, equal to or after the word of `row`. */
  #compare(word: string, row: number): number {
    const start = this.#starts[row] as number;
    const length = (this.#starts[row + 1] as number) - 1 - start;
    const shared = Math.min(word.length, length);
    for (let i = 0; i < shared; i += 1) {
      const difference = word.charCodeAt(i) - this.#text.charCodeAt(start + i);
      if (difference !== 0) return difference;
    }
    return word.length - length;
  }
}
