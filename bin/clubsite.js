#!/usr/bin/env node
// The clubsite launcher. The generator is TypeScript; esbuild turns it into one cached
// module in node_modules/.cache/clubsite (a few milliseconds), so there is no compile step
// to remember after `npm ci`.
import { importTypeScript } from '../generator/typescript-module.js';

// React's development build checks every element it renders (a third of a large build's time);
// `build` and `check` render with the production one, `dev` keeps its warnings.
if (['build', 'check'].includes(process.argv[2] ?? '') && process.env.NODE_ENV === undefined)
  process.env.NODE_ENV = 'production';
const { main } = await importTypeScript('generator/cli.ts');
process.exitCode = await main(process.argv.slice(2));
