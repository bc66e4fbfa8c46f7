import { useState } from 'react';

export interface CourseOption {
  id: string;
  name: string;
  /** The sign-up address for this course. */
  url: string;
}

export interface CoursePickerProps {
  options: CourseOption[];
}

/** Choose a course, get the link to its sign-up page. Until a course is chosen the button is disabled. */
export default function CoursePicker({ options }: CoursePickerProps) {
  const [chosen, setChosen] = useState('');
  const option = options.find((entry) => entry.id === chosen);
  return (
    <div className="course-picker">
      <div className="course-picker__field">
        <label htmlFor="kursvalg">Velg kurs</label>
        <select id="kursvalg" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Velg et kurs …</option>
          {options.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      {option ? (
        <a className="button course-picker__link" href={option.url} target="_blank" rel="noopener noreferrer">
          Gå til påmelding i Trygg i vann
          <span className="visually-hidden"> (åpnes i ny fane)</span>
        </a>
      ) : (
        <button type="button" className="button course-picker__link" disabled>
          Velg kurs for å åpne lenke
        </button>
      )}
    </div>
  );
}
