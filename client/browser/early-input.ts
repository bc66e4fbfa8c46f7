/**
 * What a visitor does inside an island before it has hydrated, kept and handed to the widget
 * once it is live, so that a page never looks ready while ignoring input.
 *
 * The contract with widgets is the one React already has: a widget keeps its state in
 * controlled form controls (`value` / `checked` with `onChange`) and in buttons' `onClick`.
 * Before hydration the browser changes the controls by itself; the runtime holds back the
 * events (so React, which may be starting, never sees them half-way) and, once the widget has
 * committed, tells it what happened: a control whose state differs from the server's gets an
 * `input` and a `change` event, and each click on a plain button (`type="button"`) is
 * replayed once, in order, on the same element. Links and submit buttons keep their native
 * behaviour: they work without script.
 */

/** Events that make an island hydrate now, whatever its directive. */
export const INTERACTION_EVENTS = ['pointerdown', 'focusin', 'keydown', 'input', 'change'] as const;

export interface EarlyInput {
  /** Stop holding events back and hand what was done to the live widget. */
  replay: () => Promise<void>;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Starts holding back what happens inside `element`. `onFirst` runs at the first interaction
 * (once). Returns the handle that replays it all after hydration.
 */
export function holdEarlyInput(element: HTMLElement, onFirst: () => void): EarlyInput {
  let live = false;
  /** The held input is being handed over: the widget is live, but clicks still queue behind the held ones. */
  let draining = false;
  /** A held click is being replayed: it goes through to the widget. */
  let replaying = false;
  let first = true;
  const clicks: HTMLButtonElement[] = [];
  const touched = new Set<Control>();

  const interact = (event: Event) => {
    if (live || draining) return;
    if (first) {
      first = false;
      onFirst();
    }
    const target = event.target;
    if ((event.type === 'input' || event.type === 'change') && isControl(target)) {
      touched.add(target);
      // React may already listen on the island's root: it must not see half of what happened.
      event.stopPropagation();
    }
  };
  const click = (event: MouseEvent) => {
    if (live || replaying) return;
    const button = (event.target as Element | null)?.closest?.('button');
    if (!button || !element.contains(button) || button.type !== 'button' || button.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    clicks.push(button);
  };
  for (const type of INTERACTION_EVENTS) element.addEventListener(type, interact, true);
  element.addEventListener('click', click, true);

  return {
    replay: async () => {
      draining = true;
      for (const type of INTERACTION_EVENTS) element.removeEventListener(type, interact, true);
      // Controls the browser changed without being told (autofill, restored form state) count too.
      for (const control of element.querySelectorAll<Control>('input, select, textarea'))
        if (differsFromServer(control)) touched.add(control);
      for (const control of touched) if (control.isConnected) announce(control);
      // A click while the held ones are replayed waits its turn behind them: in the pause before
      // each (React finishing the last) it would reach the widget first, and «Nei» then «Ja»
      // would count as «Ja» then «Nei».
      for (let button = clicks.shift(); button; button = clicks.shift()) {
        await settled();
        if (!button.isConnected || button.disabled) continue;
        replaying = true;
        button.click();
        replaying = false;
      }
      live = true;
      element.removeEventListener('click', click, true);
    },
  };
}

function isControl(target: EventTarget | null): target is Control {
  return (
    target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement
  );
}

/** Whether the visitor (or the browser) changed a control from what the server rendered. */
function differsFromServer(control: Control): boolean {
  if (control instanceof HTMLSelectElement)
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
    return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

/**
 * Tells the widget about a control's current state as if the visitor had just changed it.
 * React remembers the last value it saw on an input and ignores events that do not change it:
 * the value is first set through the element (React's tracker sees the old one), then back
 * through the prototype's setter (which React does not watch), and the events follow.
 */
function announce(control: Control): void {
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
    const wanted = control.checked;
    if (control.type === 'radio' && !wanted) return;
    control.checked = !wanted;
    // A click is how React hears about boxes; it sets `checked` back to what the visitor chose.
    control.click();
    return;
  }
  const value = control.value;
  if (!(control instanceof HTMLSelectElement)) {
    control.value = control.defaultValue === value ? `${value} ` : control.defaultValue;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set;
    setter?.call(control, value);
  }
  control.dispatchEvent(new Event('input', { bubbles: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Lets React finish what the previous replayed event started before the next one. */
function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
