import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after } from "node:test";
import { storeContract } from "../store.contract.ts";
import { openSqliteStore } from "./index.ts";

storeContract("sqlite (memory)", () => openSqliteStore(":memory:"));

const dir = mkdtempSync(join(tmpdir(), "pc-sqlite-contract-"));
after(() => rmSync(dir, { recursive: true, force: true }));
let databases = 0;
storeContract("sqlite (file, WAL)", () => openSqliteStore(join(dir, `store-${(databases += 1)}.sqlite`)));
