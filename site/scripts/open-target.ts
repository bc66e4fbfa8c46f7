/**
 * A link to a question of an FAQ (a search hit: /kurs/#kurs-faq-hvor-gammel-ma-barnet-vaere)
 * opens that question. Browsers scroll to the target, but whether they open a closed
 * <details> on the way differs (Chromium opens it only when the target is inside its hidden
 * part): this opens the target if it is a <details>, and every <details> around it, then
 * scrolls it into view. Runs on load and when the fragment changes on the same page.
 */
function openTarget(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id === '' ? null : document.getElementById(id);
  if (!target) return;
  let opened = false;
  for (let element: Element | null = target; element; element = element.parentElement) {
    if (element instanceof HTMLDetailsElement && !element.open) {
      element.open = true;
      opened = true;
    }
  }
  if (opened) target.scrollIntoView({ block: 'start' });
}

openTarget();
window.addEventListener('hashchange', openTarget);
