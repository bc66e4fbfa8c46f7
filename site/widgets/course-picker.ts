/**
 * The course dropdown in the browser: choose a course, get the link to its sign-up page; until
 * a course is chosen the button is disabled (SPEC.md). The server's markup
 * (course-picker-view.tsx) is a plain form that opens the same sign-up page, so the widget
 * works before this runs and without JavaScript. Plain DOM code, not React: one select and
 * one link hold no state worth React's 67 KB.
 */
import type { SignupForm } from '../logic/course-signup.ts';

export interface CourseOption {
  id: string;
  name: string;
  /** The course type the sign-up service knows it by. */
  type: number;
  /** The sign-up address for this course. */
  url: string;
}

export interface CoursePickerProps {
  options: CourseOption[];
  /** The sign-up address as a GET form: what the page does before (or without) JavaScript. */
  form?: SignupForm;
}

export const PICKER_TEXT = {
  go: 'Gå til påmelding i Trygg i vann',
  newTab: ' (åpnes i ny fane)',
  choose: 'Velg kurs for å åpne lenke',
};

/** Takes over the server's form: its button becomes the disabled prompt, or the chosen course's link. */
export function mount(root: HTMLElement, props: object): void {
  const { options } = props as CoursePickerProps;
  const select = root.querySelector('select');
  let action = root.querySelector('.course-picker__link');
  if (!select || !action) return;
  select.required = false;
  const show = () => {
    const option = options.find((entry) => String(entry.type) === select.value);
    const next = option ? courseLink(option.url) : choosePrompt();
    action?.replaceWith(next);
    action = next;
  };
  select.addEventListener('change', show);
  show();
}

function courseLink(url: string): HTMLAnchorElement {
  const link = document.createElement('a');
  link.className = 'button course-picker__link';
  link.href = url;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  const note = document.createElement('span');
  note.className = 'visually-hidden';
  note.textContent = PICKER_TEXT.newTab;
  link.append(PICKER_TEXT.go, note);
  return link;
}

function choosePrompt(): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button course-picker__link';
  button.disabled = true;
  button.textContent = PICKER_TEXT.choose;
  return button;
}
