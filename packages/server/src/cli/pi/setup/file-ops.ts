// The file-system operations of `setup pi`, behind an interface so a test can make one of them fail.
import { access, mkdir, readFile, rename, rm } from "node:fs/promises";

export interface FileOps {
  exists(path: string): Promise<boolean>;
  readText(path: string): Promise<string>;
  mkdir(path: string): Promise<void>;
  /** rename(2): atomic within one file system. */
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

export const NODE_FILE_OPS: FileOps = {
  async exists(path) {
    try {
      await access(path);
      return true;
    } catch {
      return false;
    }
  },
  readText: (path) => readFile(path, "utf8"),
  async mkdir(path) {
    await mkdir(path, { recursive: true });
  },
  rename: (from, to) => rename(from, to),
  remove: (path) => rm(path, { recursive: true, force: true }),
};
