import { z } from 'zod';
import { Island } from 'clubsite/island';
import { FaqList, faqSections } from '../site/blocks/faq-list.tsx';
import type { PageProps } from '../site/data.ts';
import { signupForm, signupUrl } from '../site/logic/course-signup.ts';
import { FAQ_TITLE_HELP, faqList, text } from '../site/schemas/common.ts';
import type { Courses, LevelResult } from '../site/schemas/courses.ts';
import type { FinderResult } from '../site/widgets/level-finder.tsx';
import { islands } from './islands.ts';

/** A part of the page: its heading and a line under it. */
const section = (help: string) =>
  z
    .strictObject({
      title: text.describe('Overskriften over delen'),
      intro: text.optional().describe('En kort tekst under overskriften'),
    })
    .describe(help);

export const coursesPageSchema = z.strictObject({
  /** The level finder: heading and a line on how it works. */
  finder: section('Nivåtesten: overskrift og en linje om hvordan den virker'),
  /** The cards with every course level. */
  levels: section('Kortene med alle kursnivåene'),
  /** The course dropdown that gives the sign-up link. */
  signup: section('Nedtrekkslisten som gir lenken til påmeldingen'),
  faqTitle: text.describe(FAQ_TITLE_HELP),
  faq: faqList.min(1),
});

type CoursesPage = z.infer<typeof coursesPageSchema>;

type Resolve = Pick<PageProps, 'href' | 'asset'> & { courses: Courses; pattern: string };

/** A level-finder result with its course's name, picture and sign-up link filled in. */
function resolveResult(result: LevelResult, { courses, pattern, href, asset }: Resolve): FinderResult {
  const course = courses.courses.find((entry) => entry.id === result.course);
  if (course) {
    return {
      level: course.name,
      message: result.message,
      image: asset(course.image),
      alt: course.alt,
      link: signupUrl(pattern, course.type),
      linkText: `Meld på ${course.name}`,
      external: true,
    };
  }
  return {
    level: result.level ?? '',
    message: result.message,
    image: result.image ? asset(result.image) : '',
    alt: result.alt ?? '',
    link: href(result.link ?? '/'),
    linkText: result.linkText ?? '',
    external: false,
  };
}

/** Everything the level finder can show after the first question, for the search index. */
export function coursesSearchText({ data }: PageProps): string {
  const { courses, levelFinder } = data.courses;
  const names = courses.map((course) => `${course.name} ${course.summary}`);
  const questions = levelFinder.steps.map((step) => step.question);
  const results = Object.values(levelFinder.results).map((result) => {
    const level = result.level ?? courses.find((course) => course.id === result.course)?.name ?? '';
    return `${level} ${result.message}`;
  });
  return [...names, ...questions, ...results].join(' ');
}

/** Each course level (at its id: /kurs/#hval) and each FAQ question, as search results of their own. */
export function coursesSearchSections({ page, data, slug }: PageProps<CoursesPage>) {
  const levels = data.courses.courses.map((course) => ({
    anchor: course.id,
    title: course.name,
    text: `${course.summary} ${course.minutes} minutter per gang.`,
  }));
  return [...levels, ...faqSections('kurs-faq', page.data.faq, slug)];
}

/** /kurs: intro, the level finder, the course levels, the sign-up dropdown and the FAQ. */
export function CoursesTemplate({ page, data, href, asset, slug }: PageProps<CoursesPage>) {
  const courses = data.courses;
  const pattern = data.site.courseSignup;
  const results = Object.fromEntries(
    Object.entries(courses.levelFinder.results).map(([key, result]) => [
      key,
      resolveResult(result, { courses, pattern, href, asset }),
    ]),
  );
  const steps = courses.levelFinder.steps.map((step) => ({ ...step, image: asset(step.image) }));
  const { finder, levels, signup } = page.data;
  return (
    <article className="courses">
      <header className="courses__intro">
        <h1>{page.title}</h1>
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      </header>

      <section className="courses__card courses__finder" aria-labelledby="nivatest">
        <h2 id="nivatest">{finder.title}</h2>
        {finder.intro ? <p className="courses__lead">{finder.intro}</p> : null}
        {/* Its first question is in the markup: React comes with the first answer, which it keeps. */}
        <Island island={islands['level-finder']} props={{ steps, results }} when="interaction" />
      </section>

      <section className="courses__levels" aria-labelledby="kursnivaer">
        <h2 id="kursnivaer">{levels.title}</h2>
        {levels.intro ? <p className="courses__lead">{levels.intro}</p> : null}
        <ul className="courses__grid">
          {courses.courses.map((course) => (
            <li key={course.id} id={course.id} className="course-card">
              <img
                className="course-card__image"
                src={asset(course.image)}
                alt={course.alt}
                width={200}
                height={160}
                loading="lazy"
              />
              <h3 className="course-card__name">{course.name}</h3>
              <p className="course-card__minutes">{course.minutes} minutter per gang</p>
              <p className="course-card__summary">{course.summary}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="courses__card courses__signup" aria-labelledby="pamelding">
        <h2 id="pamelding">{signup.title}</h2>
        {signup.intro ? <p className="courses__lead">{signup.intro}</p> : null}
        <Island
          island={islands['course-picker']}
          props={{
            options: courses.courses.map((course) => ({
              id: course.id,
              name: course.name,
              type: course.type,
              url: signupUrl(pattern, course.type),
            })),
            form: signupForm(pattern),
          }}
        />
      </section>

      <FaqList id="kurs-faq" title={page.data.faqTitle} items={page.data.faq} slug={slug} />
    </article>
  );
}
