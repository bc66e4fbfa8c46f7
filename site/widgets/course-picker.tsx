import { useEffect, useState } from 'react';
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

const OPENS_NEW_TAB = ' (åpnes i ny fane)';

/**
 * Choose a course, get the link to its sign-up page. Until a course is chosen the button is
 * disabled. Before the widget is live (no JavaScript, or React still on its way) it is a plain
 * form: choosing a course and pressing the button opens the same sign-up page.
 */
export default function CoursePicker({ options, form }: CoursePickerProps) {
  const [chosen, setChosen] = useState('');
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const option = options.find((entry) => String(entry.type) === chosen);
  const native = form !== undefined && !live;
  return (
    <form className="course-picker" action={form?.action} method="get" target="_blank" rel="noopener noreferrer">
      {form?.hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="course-picker__field">
        <label htmlFor="kursvalg">Velg kurs</label>
        <select
          id="kursvalg"
          name={form?.field}
          required={native}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Velg et kurs …</option>
          {options.map((entry) => (
            <option key={entry.id} value={String(entry.type)}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      {native ? (
        <button type="submit" className="button course-picker__link">
          Gå til påmelding i Trygg i vann
          <span className="visually-hidden">{OPENS_NEW_TAB}</span>
        </button>
      ) : option ? (
        <a className="button course-picker__link" href={option.url} target="_blank" rel="noopener noreferrer">
          Gå til påmelding i Trygg i vann
          <span className="visually-hidden">{OPENS_NEW_TAB}</span>
        </a>
      ) : (
        <button type="button" className="button course-picker__link" disabled>
          Velg kurs for å åpne lenke
        </button>
      )}
    </form>
  );
}
