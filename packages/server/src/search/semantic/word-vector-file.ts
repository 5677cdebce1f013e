// The binary layout of the built-in word vectors (data/word-vectors.bin), shared by the build script that writes it
// and the model that reads it: a header, the words (UTF-8, one per line, a phrase's words joined by one space), then
// one row of signed bytes per word. Rows hold directions only: the reader scales each to unit length.

const MAGIC = 0x56574350; // "PCWV" read as a little-endian 32-bit integer
const FORMAT = 1;
const HEADER_BYTES = 20;

export interface WordVectorTable {
  dimensions: number;
  words: string[];
  /** words.length × dimensions signed bytes, row by row. */
  rows: Int8Array;
}

export function encodeWordVectors(table: WordVectorTable): Buffer {
  const words = Buffer.from(table.words.join("\n"), "utf8");
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(FORMAT, 4);
  header.writeUInt32LE(table.dimensions, 8);
  header.writeUInt32LE(table.words.length, 12);
  header.writeUInt32LE(words.length, 16);
  return Buffer.concat([header, words, Buffer.from(table.rows.buffer, table.rows.byteOffset, table.rows.byteLength)]);
}

/** Throws with a plain message when `bytes` is not a word-vector file of this format. */
export function decodeWordVectors(bytes: Uint8Array): WordVectorTable {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < HEADER_BYTES || view.readUInt32LE(0) !== MAGIC) throw new Error("not a word-vector file");
  if (view.readUInt32LE(4) !== FORMAT) throw new Error(`word-vector format ${view.readUInt32LE(4)} is not ${FORMAT}`);
  const dimensions = view.readUInt32LE(8);
  const count = view.readUInt32LE(12);
  const wordBytes = view.readUInt32LE(16);
  const rowsStart = HEADER_BYTES + wordBytes;
  if (view.length !== rowsStart + count * dimensions) throw new Error("word-vector file is truncated");
  const words = view.toString("utf8", HEADER_BYTES, rowsStart).split("\n");
  if (words.length !== count) throw new Error("word-vector file has a damaged word list");
  const rows = new Int8Array(view.buffer, view.byteOffset + rowsStart, count * dimensions);
  return { dimensions, words, rows };
}
