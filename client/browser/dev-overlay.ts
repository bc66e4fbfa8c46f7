// The dev server's problem panel: what `clubsite build` prints, over the last good page.
// Built with DOM calls in a shadow root, styled by a constructed stylesheet (no inline styles
// or handlers), so neither the page's CSS nor a CSP can get in its way.

import type { DevProblem, OverlayWords } from '../shared/dev-messages.ts';

const TAG = 'clubsite-dev-overlay';

const CSS = `
:host { all: initial; position: fixed; inset: 0 0 auto 0; z-index: 2147483647; display: block; }
section { box-sizing: border-box; max-height: 80vh; overflow: auto; margin: 12px; padding: 16px 20px;
  background: #fff8f7; color: #3b0a0a; border: 2px solid #b3261e; border-radius: 10px;
  box-shadow: 0 12px 40px rgb(0 0 0 / 0.35); font: 15px/1.5 system-ui, sans-serif; }
header { display: flex; gap: 16px; align-items: center; justify-content: space-between; }
h2 { margin: 0; font-size: 17px; color: #8c1d18; }
button { font: inherit; min-height: 44px; min-width: 44px; padding: 0 16px; border-radius: 8px; cursor: pointer;
  border: 1px solid #8c1d18; background: #fff; color: #8c1d18; }
button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
ol { margin: 12px 0 0; padding: 0; list-style: none; display: grid; gap: 12px; }
li { padding: 10px 12px; background: #fff; border-left: 4px solid #b3261e; border-radius: 6px;
  font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
.where { font-weight: 700; }
.field { color: #5c1a8c; font-weight: 400; }
.hint { color: #1f4d2b; }
.note { margin: 8px 0 0; color: #5b2320; }
p { margin: 0; }
`;

let sheet: CSSStyleSheet | undefined;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

const ENGLISH: OverlayWords = {
  hint: 'Hint',
  titleOne: 'clubsite: {n} problem in the site',
  titleMany: 'clubsite: {n} problems in the site',
  hide: 'Hide',
  note: 'Fix the file and save: this page updates by itself. Until then you see the last version that worked.',
  servedOne: '',
  servedMany: '',
  noneServed: '',
};

function problemItem(problem: DevProblem, words: OverlayWords): HTMLLIElement {
  const item = element('li');
  const where = element('p', `✖ ${problem.location}`, 'where');
  if (problem.field) where.append('  ', element('span', problem.field, 'field'));
  item.append(where, element('p', `  ${problem.message}`), element('p', `  ${words.hint}: ${problem.hint}`, 'hint'));
  return item;
}

export function showOverlay(problems: DevProblem[]): void {
  hideOverlay();
  const host = document.createElement(TAG);
  const root = host.attachShadow({ mode: 'open' });
  sheet ??= new CSSStyleSheet();
  sheet.replaceSync(CSS);
  root.adoptedStyleSheets = [sheet];
  const section = element('section');
  section.setAttribute('role', 'alert');
  section.setAttribute('aria-labelledby', 'clubsite-dev-title');
  // In the site's language, as the terminal says it (generator/dev/dev-builder.ts).
  const words = problems[0]?.words ?? ENGLISH;
  const heading = problems.length === 1 ? words.titleOne : words.titleMany;
  const title = element('h2', heading.replace('{n}', String(problems.length)));
  title.id = 'clubsite-dev-title';
  const close = element('button', words.hide);
  close.type = 'button';
  close.addEventListener('click', () => host.remove());
  const header = element('header');
  header.append(title, close);
  const list = element('ol');
  list.append(...problems.map((problem) => problemItem(problem, words)));
  const note = element('p', words.note, 'note');
  section.append(header, note, list);
  root.append(section);
  document.documentElement.append(host);
}

export function hideOverlay(): void {
  document.querySelector(TAG)?.remove();
}
