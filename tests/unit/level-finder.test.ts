import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import { signupUrl } from '../../site/logic/course-signup.ts';
import {
  answer,
  back,
  canGoBack,
  restart,
  startState,
  type Answer,
  type FinderState,
  type Step,
} from '../../site/logic/level-finder.ts';
import { coursesSchema, type Courses } from '../../site/schemas/courses.ts';
import { siteSettingsSchema } from '../../site/schemas/site-settings.ts';
import { projectRoot } from '../support/site-build.ts';

function contentFile(file: string): unknown {
  return parse(readFileSync(path.join(projectRoot, 'content', file), 'utf8'));
}

const courses: Courses = coursesSchema.parse(contentFile('courses.yaml'));
const steps = courses.levelFinder.steps;

function play(answers: Answer[]): FinderState {
  return answers.reduce((state, choice) => answer(steps, state, choice), startState());
}

/** The course a result recommends, with the type its sign-up link carries. */
function recommended(state: FinderState): { level: string; type?: number; link?: string } {
  const result = courses.levelFinder.results[state.result ?? ''];
  if (!result) throw new Error(`no result for ${JSON.stringify(state)}`);
  const course = courses.courses.find((entry) => entry.id === result.course);
  return course ? { level: course.name, type: course.type } : { level: result.level ?? '', link: result.link };
}

describe('the level finder', () => {
  test('starts at question 0 with an empty history and no result, and offers no «Tilbake»', () => {
    expect(startState()).toEqual({ index: 0, history: [], result: null });
    expect(canGoBack(startState())).toBe(false);
  });

  // SPEC §4: the seven questions and where each answer leads.
  test.each([
    { answers: ['yes'], level: 'Hval', type: 2 },
    { answers: ['no', 'no'], level: 'Hval', type: 2 },
    { answers: ['no', 'yes', 'no'], level: 'Hval', type: 2 },
    { answers: ['no', 'yes', 'yes', 'no'], level: 'Skilpadde', type: 3 },
    { answers: ['no', 'yes', 'yes', 'yes', 'no'], level: 'Pingvin', type: 4 },
    { answers: ['no', 'yes', 'yes', 'yes', 'yes', 'no'], level: 'Selungen', type: 5 },
    { answers: ['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'no'], level: 'Sel', type: 6 },
  ] as const)('answers $answers recommend $level (course type $type)', ({ answers, level, type }) => {
    const state = play([...answers]);
    expect(recommended(state)).toEqual({ level, type });
    // Every answer, the last one too, went on the history.
    expect(state.history).toEqual(answers.map((_, index) => index));
  });

  test('yes to all seven questions congratulates and points to /kontakt', () => {
    const state = play(['no', 'yes', 'yes', 'yes', 'yes', 'yes', 'yes']);
    expect(recommended(state)).toEqual({ level: 'Gratulerer!', link: '/kontakt' });
    expect(courses.levelFinder.results[state.result ?? '']?.image).toMatch(/\.svg$/);
  });

  test('a non-final answer moves to the next question and pushes the current one', () => {
    let state = answer(steps, startState(), 'no');
    expect(state).toEqual({ index: 1, history: [0], result: null });
    state = answer(steps, state, 'yes');
    expect(state).toEqual({ index: 2, history: [0, 1], result: null });
    expect(canGoBack(state)).toBe(true);
  });

  test('«Tilbake» returns to the previous question and clears the result', () => {
    const atThird = play(['no', 'yes']);
    expect(back(atThird)).toEqual({ index: 1, history: [0], result: null });
    const result = play(['no', 'yes', 'yes', 'no']);
    expect(result.result).toBe('skilpadde');
    expect(back(result)).toEqual({ index: 3, history: [0, 1, 2], result: null });
    // From the very first answer's result, back to question 0, where «Tilbake» is gone again.
    const first = back(play(['yes']));
    expect(first).toEqual(startState());
    expect(canGoBack(first)).toBe(false);
    expect(back(startState())).toEqual(startState());
  });

  test('«Start på nytt» resets to question 0, no result, empty history', () => {
    expect(restart()).toEqual(startState());
  });

  test('answering while a result is shown changes nothing', () => {
    const result = play(['yes']);
    expect(answer(steps, result, 'no')).toBe(result);
  });

  test('every sign-up link is the pattern from site.yaml with the course type', () => {
    const site = siteSettingsSchema.parse(contentFile('site.yaml'));
    expect(courses.courses.map((course) => [course.name, signupUrl(site.courseSignup, course.type)])).toEqual([
      ['Hval', 'https://tryggivann.no/finnkursklubb.aspx?arr=68&kurstype=2'],
      ['Skilpadde', 'https://tryggivann.no/finnkursklubb.aspx?arr=68&kurstype=3'],
      ['Pingvin', 'https://tryggivann.no/finnkursklubb.aspx?arr=68&kurstype=4'],
      ['Selungen', 'https://tryggivann.no/finnkursklubb.aspx?arr=68&kurstype=5'],
      ['Sel', 'https://tryggivann.no/finnkursklubb.aspx?arr=68&kurstype=6'],
      ['Sjøløve', 'https://tryggivann.no/finnkursklubb.aspx?arr=68&kurstype=7'],
    ]);
  });
});

describe('the courses schema', () => {
  const base = () =>
    structuredClone(contentFile('courses.yaml')) as {
      courses: Array<Record<string, unknown>>;
      levelFinder: { steps: Step[]; results: Record<string, Record<string, unknown>> };
    };
  /** A question of the real level finder, to change one field of. */
  const step = (data: ReturnType<typeof base>, index: number): Step => {
    const found = data.levelFinder.steps[index];
    if (!found) throw new Error(`no question ${index}`);
    return found;
  };
  const problems = (input: unknown) => {
    const result = coursesSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  test('accepts the club content', () => {
    expect(problems(base())).toEqual([]);
  });

  test('a «next» must point forward to a question that exists', () => {
    const beyond = base();
    beyond.levelFinder.steps[5] = { ...step(beyond, 5), yes: { next: 9 } };
    expect(problems(beyond)).toEqual([
      'levelFinder.steps.5.yes.next: Her skal det stå nummeret på et senere spørsmål, 6 (det første spørsmålet er 0)',
    ]);
    const backwards = base();
    backwards.levelFinder.steps[2] = { ...step(backwards, 2), yes: { next: 1 } };
    expect(problems(backwards)).toEqual([
      'levelFinder.steps.2.yes.next: Her skal det stå nummeret på et senere spørsmål, 3 til 6 (det første spørsmålet er 0)',
    ]);
  });

  test('a «result» must name a result, and a result must name a course', () => {
    const unknownResult = base();
    unknownResult.levelFinder.steps[0] = { ...step(unknownResult, 0), yes: { result: 'hvalross' } };
    expect(problems(unknownResult)).toEqual([
      'levelFinder.steps.0.yes.result: Her skal det stå et av resultatene: hval, skilpadde, pingvin, selungen, sel, gratulerer',
    ]);
    const unknownCourse = base();
    unknownCourse.levelFinder.results.hval = { ...unknownCourse.levelFinder.results.hval, course: 'delfin' };
    expect(problems(unknownCourse)).toEqual([
      'levelFinder.results.hval.course: Her skal det stå et av kursene: hval, skilpadde, pingvin, selungen, sel, sjolove',
    ]);
  });

  test('misspelt fields are errors', () => {
    const misspelt = base();
    misspelt.courses[0] = { ...misspelt.courses[0], typ: 2 };
    expect(problems(misspelt)).toHaveLength(1);
  });
});
