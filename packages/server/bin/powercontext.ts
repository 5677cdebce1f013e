#!/usr/bin/env -S node --disable-warning=ExperimentalWarning
import { runCli } from "../src/cli/program.ts";

await runCli(process.argv.slice(2));
