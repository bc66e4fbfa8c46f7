/**
 * The «Abonner i kalenderen» list follows the training-times filter: while one group is chosen
 * (the filter's «Gruppe A», or ?gruppe=A in the address), the list shows «Alle grupper» and that
 * group; otherwise every row. Without script, or on other pages, nothing changes.
 */
const GROUP_VALUE = /^gruppe:(.+)$/;

function chosenGroup(select: HTMLSelectElement | null): string {
  const fromFilter = select ? GROUP_VALUE.exec(select.value)?.[1] : undefined;
  if (fromFilter) return fromFilter;
  if (select && select.value !== '') return '';
  return new URLSearchParams(window.location.search).get('gruppe') ?? '';
}

function show(list: HTMLElement, group: string): void {
  const rows = Array.from(list.querySelectorAll<HTMLElement>('[data-subscribe-group]'));
  const known = rows.some((row) => row.dataset.subscribeGroup === group);
  for (const row of rows) {
    const name = row.dataset.subscribeGroup ?? '';
    row.hidden = Boolean(group) && known && name !== '' && name !== group;
  }
}

export function followTrainingFilter(): void {
  const list = document.querySelector<HTMLElement>('[data-subscribe]');
  if (!list) return;
  const update = (target: EventTarget | null) =>
    show(list, chosenGroup(target instanceof HTMLSelectElement ? target : null));
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLSelectElement && event.target.closest('.training')) update(event.target);
  });
  window.addEventListener('popstate', () => update(document.querySelector('.training select')));
  update(null);
}
