#!/usr/bin/env node
// Runs a TypeScript file of this project (benchmarks, scripts): `node bin/run-ts.js tests/bench/index.ts`.
import { importTypeScript } from '../generator/typescript-module.js';

const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node bin/run-ts.js <file.ts> [args]');
  process.exit(2);
}
process.argv = [process.argv[0], entry, ...rest];
await importTypeScript(entry);
