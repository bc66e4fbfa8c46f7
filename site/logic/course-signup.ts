/** The sign-up address of a course: the pattern from site.yaml (`…kurstype={type}`) with its course type. */
export function signupUrl(pattern: string, type: number): string {
  return pattern.replaceAll('{type}', String(type));
}
