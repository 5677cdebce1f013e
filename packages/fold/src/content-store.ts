// The content-addressed fold store: each leaf message is kept once, under the SHA-256 of its exact bytes, and a fold is
// a record listing its leaves by hash (and the folds stored before it that it contains), so nested and consolidated
// folds never store their leaves' bytes again. Leaves and records are packed together in append-only pack files
// (pack-file.ts), so a store of many small leaves takes about its bytes on disk, not a block per leaf. A large text part
// that already has an evidence file is kept as a reference to it. Reading reassembles the source from its leaves,
// verifying each, and each contained fold; the caller verifies the whole against the fold's SHA-256. Stores written in
// the two layouts before this one are migrated when opened (store-migration.ts); what does not verify stays readable.
import { sha256Hex } from "./digest.ts";
import { openEvidenceBackedStore } from "./evidence-store.ts";
import { FOLD_PART, FoldCatalog, type FoldDocument } from "./fold-catalog.ts";
import type { FoldStore } from "./fold-store.ts";
import { decodeLeaf, encodeLeaf, messageBytes, parseOrNull } from "./leaf-encoding.ts";
import { openLeafFileStore } from "./leaf-file-store.ts";
import { openPackFiles, type PackFiles, type PackReader, type PackRecord } from "./pack-file.ts";
import { migrateFormerLayouts } from "./store-migration.ts";

const HASH = /^[0-9a-f]{64}$/;

/** Reassembles a fold's source from the pack, or null when a record is missing or anything fails its hash. */
function assemble(reader: PackReader, evidenceDir: string, sha: string): string | null {
  const document = documentOf(reader, sha);
  if (document === null) return null;
  const pieces: string[] = [];
  for (const part of document.parts) {
    if (part.startsWith(FOLD_PART)) {
      const innerSha = part.slice(FOLD_PART.length);
      const inner = assemble(reader, evidenceDir, innerSha);
      if (inner === null || sha256Hex(inner) !== innerSha) return null;
      pieces.push(inner.slice(1, -1));
      continue;
    }
    const leaf = reader.read(part);
    const bytes = leaf === null || leaf.kind === "fold" ? null : decodeLeaf(leaf.kind, leaf.payload, part, evidenceDir);
    if (bytes === null) return null;
    pieces.push(bytes);
  }
  return `[${pieces.join(",")}]`;
}

/** A fold record's parts, or null when the address holds no fold record or it does not parse. */
function documentOf(reader: PackReader, sha: string): FoldDocument | null {
  const record = reader.read(sha);
  const document = record?.kind === "fold" ? (parseOrNull(record.payload) as FoldDocument | null) : null;
  return Array.isArray(document?.parts) ? document : null;
}

function readDocument(pack: PackFiles, sha: string): FoldDocument | null {
  const reader = pack.reader();
  try {
    return documentOf(reader, sha);
  } finally {
    reader.close();
  }
}

/**
 * Pack files `<dir>/NNNN.pack` holding leaf records (exact bytes, or a reference to evidence files) and fold records
 * (the fold's parts). Opening it migrates the files of the former layouts (`<sha256>.json`, `.ref.json`; `leaves/`
 * and `<sha256>.fold.json`) that verify, and reads those that do not as they are.
 */
export function openContentAddressedStore(dir: string, evidenceDir: string): FoldStore {
  const pack = openPackFiles(dir);
  const catalog = new FoldCatalog((sha) => readDocument(pack, sha));
  const wholeSources = openEvidenceBackedStore(dir, evidenceDir);
  const leafFiles = openLeafFileStore(dir, evidenceDir);
  const packed = (sha: string): string | null => {
    const reader = pack.reader();
    try {
      return assemble(reader, evidenceDir, sha);
    } finally {
      reader.close();
    }
  };
  const store: FoldStore = {
    put(text) {
      const sha = sha256Hex(text);
      if (pack.has(sha)) return sha;
      const bytes = messageBytes(text);
      if (bytes === null || bytes.length === 0) return wholeSources.put(text);
      const records: PackRecord[] = [];
      const leaves = bytes.map((message) => {
        const leafSha = sha256Hex(message);
        if (!pack.has(leafSha)) records.push({ sha: leafSha, ...encodeLeaf(message, evidenceDir) });
        return leafSha;
      });
      const document: FoldDocument = { version: 2, parts: catalog.partsOf(leaves) };
      records.push({ kind: "fold", sha, payload: JSON.stringify(document) });
      pack.append(records);
      catalog.remember(sha, leaves);
      return sha;
    },
    get: (sha) => (HASH.test(sha) ? (packed(sha) ?? leafFiles.get(sha) ?? wholeSources.get(sha)) : null),
  };
  for (const address of pack.addresses("fold")) catalog.leavesOf(address);
  migrateFormerLayouts({ dir, evidenceDir, pack, store, packed, wholeSources, leafFiles });
  return store;
}
