// What a content-addressed store knows of its folds: each fold's parts (leaf hashes, and `fold:<sha256>` for a fold
// stored before it that it contains), each fold's leaves, and the folds that begin at each leaf, so that a new fold
// references the longest stored folds it contains instead of listing their leaves again.

/** A fold's parts in order: a leaf's hash, or `fold:<hash>` for a fold stored before it that it contains. */
export interface FoldDocument {
  version: 2;
  parts: string[];
}

export const FOLD_PART = "fold:";

export class FoldCatalog {
  private readonly leavesBySha = new Map<string, string[]>();
  private readonly byFirstLeaf = new Map<string, string[]>();
  private readonly read: (sha: string) => FoldDocument | null;
  constructor(read: (sha: string) => FoldDocument | null) {
    this.read = read;
  }

  /** The leaf hashes of a stored fold, its contained folds expanded; null when a record is missing. */
  leavesOf(sha: string): string[] | null {
    const known = this.leavesBySha.get(sha);
    if (known !== undefined) return known;
    const document = this.read(sha);
    if (document === null) return null;
    const leaves: string[] = [];
    for (const part of document.parts) {
      const inner = part.startsWith(FOLD_PART) ? this.leavesOf(part.slice(FOLD_PART.length)) : [part];
      if (inner === null) return null;
      leaves.push(...inner);
    }
    this.remember(sha, leaves);
    return leaves;
  }

  remember(sha: string, leaves: string[]): void {
    if (this.leavesBySha.has(sha)) return;
    this.leavesBySha.set(sha, leaves);
    const first = leaves[0];
    if (first !== undefined) this.byFirstLeaf.set(first, [...(this.byFirstLeaf.get(first) ?? []), sha]);
  }

  /** The parts of a new fold: the longest stored folds it contains, by reference, and its other leaves. */
  partsOf(leaves: readonly string[]): string[] {
    const parts: string[] = [];
    for (let at = 0; at < leaves.length; ) {
      let best: { sha: string; length: number } | null = null;
      for (const sha of this.byFirstLeaf.get(leaves[at] as string) ?? []) {
        const inner = this.leavesBySha.get(sha) ?? [];
        const fits = inner.length < leaves.length && inner.every((leaf, offset) => leaves[at + offset] === leaf);
        if (fits && inner.length > (best?.length ?? 1)) best = { sha, length: inner.length };
      }
      parts.push(best === null ? (leaves[at] as string) : `${FOLD_PART}${best.sha}`);
      at += best?.length ?? 1;
    }
    return parts;
  }
}
