#!/usr/bin/env node
// The clubsite launcher. The generator is TypeScript; esbuild turns it into one cached
// module in node_modules/.cache/clubsite (a few milliseconds), so there is no compile step
// to remember after `npm ci`.
import { loadGenerator } from './load-generator.js';

const { main } = await loadGenerator();
process.exitCode = await main(process.argv.slice(2));
