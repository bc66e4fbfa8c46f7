/** The sign-up address of a course: the pattern from site.yaml (`…kurstype={type}`) with its course type. */
export function signupUrl(pattern: string, type: number): string {
  return pattern.replaceAll('{type}', String(type));
}

/** The sign-up pattern as a plain GET form: where it goes, the fixed fields, and the field that takes the course type. */
export interface SignupForm {
  action: string;
  hidden: [string, string][];
  field: string;
}

/**
 * `https://host/path?arr=68&kurstype={type}` as a form: action `https://host/path`, hidden
 * `arr=68`, and `kurstype` chosen in the form. Without JavaScript, submitting it opens the same
 * address the widget links to. Undefined when the type is not a query parameter of its own.
 */
export function signupForm(pattern: string): SignupForm | undefined {
  let url: URL;
  try {
    url = new URL(pattern);
  } catch {
    return undefined;
  }
  const params = [...url.searchParams.entries()];
  const field = params.find(([, value]) => value === '{type}')?.[0];
  if (!field || url.hash) return undefined;
  return { action: `${url.origin}${url.pathname}`, hidden: params.filter(([name]) => name !== field), field };
}
