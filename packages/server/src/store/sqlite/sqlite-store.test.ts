import { storeContract } from "../store.contract.ts";
import { openSqliteStore } from "./index.ts";

storeContract("sqlite (memory)", () => openSqliteStore(":memory:"));
