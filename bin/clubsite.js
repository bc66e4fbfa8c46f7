#!/usr/bin/env node
// The clubsite launcher. The generator is TypeScript; esbuild turns it into one cached
// module in node_modules/.cache/clubsite (a few milliseconds), so there is no compile step
// to remember after `npm ci`.
import { importTypeScript } from '../generator/typescript-module.js';

// React's development build checks every element it renders (a third of a large build's time);
// `build`, `check` and `next-change` render with the production one, `dev` keeps its warnings.
// The site's code is bundled against the React it runs with, so next-change can read the page
// cache a build made only when both run the same one.
if (['build', 'check', 'next-change'].includes(process.argv[2] ?? '') && process.env.NODE_ENV === undefined)
  process.env.NODE_ENV = 'production';
const { main } = await importTypeScript('generator/cli.ts');
process.exitCode = await main(process.argv.slice(2));
