import { type CoursePickerProps, PICKER_TEXT } from './course-picker.ts';

/**
 * The course dropdown as the server renders it: a plain form that opens the chosen course's
 * sign-up page in a new tab (a course must be chosen first). In the browser,
 * site/widgets/course-picker.ts turns its button into the chosen course's link. Where the
 * sign-up address is no form, the button waits for the browser, disabled.
 */
export default function CoursePickerView({ options, form }: CoursePickerProps) {
  return (
    <form className="course-picker" action={form?.action} method="get" target="_blank" rel="noopener noreferrer">
      {form?.hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="course-picker__field">
        <label htmlFor="kursvalg">Velg kurs</label>
        <select id="kursvalg" name={form?.field} required={form !== undefined} defaultValue="">
          <option value="">Velg et kurs …</option>
          {options.map((entry) => (
            <option key={entry.id} value={String(entry.type)}>
              {entry.name}
            </option>
          ))}
        </select>
      </div>
      {form ? (
        <button type="submit" className="button course-picker__link">
          {PICKER_TEXT.go}
          <span className="visually-hidden">{PICKER_TEXT.newTab}</span>
        </button>
      ) : (
        <button type="button" className="button course-picker__link" disabled>
          {PICKER_TEXT.choose}
        </button>
      )}
    </form>
  );
}
