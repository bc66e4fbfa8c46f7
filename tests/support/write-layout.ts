// `npm run layout`: writes CONTRIBUTING.md's layout table from the rooms of tests/support/layout.ts.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { layoutTable } from './layout.ts';

const file = path.resolve(process.cwd(), 'CONTRIBUTING.md');
const text = await readFile(file, 'utf8');
const made = text.replace(
  /<!-- layout: start -->\n(?:[\s\S]*?\n)?<!-- layout: end -->/,
  `<!-- layout: start -->\n${layoutTable()}\n<!-- layout: end -->`,
);
if (made === text && !text.includes('<!-- layout: start -->'))
  throw new Error('CONTRIBUTING.md has no layout markers.');
await writeFile(file, made);
console.log(
  made === text ? 'CONTRIBUTING.md: the layout table was already up to date' : 'CONTRIBUTING.md: layout table written',
);
