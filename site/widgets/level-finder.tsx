import { useEffect, useRef, useState } from 'react';
import { answer, back, canGoBack, restart, startState, type Answer, type Step } from '../logic/level-finder.ts';

/** A result as the widget shows it: everything resolved to text and URLs by the template. */
export interface FinderResult {
  level: string;
  message: string;
  image: string;
  alt: string;
  link: string;
  linkText: string;
  /** An address outside the site: opens in a new tab. */
  external: boolean;
}

export interface LevelFinderProps {
  steps: Step[];
  results: Record<string, FinderResult>;
}

/**
 * «Hvilket kurs passer?»: yes/no questions, one at a time, ending in a recommended course.
 * State: the question shown, the questions answered before (for «Tilbake») and the result.
 */
export default function LevelFinder({ steps, results }: LevelFinderProps) {
  const [state, setState] = useState(startState);
  const panel = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  const step = steps[state.index];
  const result = state.result === null ? undefined : results[state.result];

  // The button that was clicked may be gone (a result replaces the questions): keep focus in the widget.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (document.activeElement === document.body || document.activeElement === null)
      panel.current?.querySelector<HTMLElement>('[data-focus]')?.focus();
  }, [state]);

  const choose = (choice: Answer) => setState((current) => answer(steps, current, choice));

  return (
    <div className="level-finder">
      <div className="level-finder__panel" aria-live="polite" ref={panel}>
        {result ? (
          <div className="level-finder__result">
            <img className="level-finder__image" src={result.image} alt={result.alt} width={200} height={160} />
            <div>
              <p className="level-finder__eyebrow">Vårt forslag</p>
              <h3 className="level-finder__level" tabIndex={-1} data-focus="">
                {result.level}
              </h3>
              <p>{result.message}</p>
              {result.external ? (
                <a className="button level-finder__signup" href={result.link} target="_blank" rel="noopener noreferrer">
                  {result.linkText}
                  <span className="visually-hidden"> (åpnes i ny fane)</span>
                </a>
              ) : (
                <a className="button level-finder__signup" href={result.link}>
                  {result.linkText}
                </a>
              )}
            </div>
          </div>
        ) : step ? (
          <div className="level-finder__step">
            <p className="level-finder__progress">
              Spørsmål {state.index + 1} av {steps.length}
            </p>
            <p className="level-finder__question" id="nivatest-sporsmal" tabIndex={-1} data-focus="">
              {step.question}
            </p>
            <div className="level-finder__answers" role="group" aria-labelledby="nivatest-sporsmal">
              <button type="button" className="button" onClick={() => choose('yes')}>
                Ja
              </button>
              <button type="button" className="button" onClick={() => choose('no')}>
                Nei
              </button>
            </div>
          </div>
        ) : null}
      </div>
      {canGoBack(state) ? (
        <div className="level-finder__nav">
          <button type="button" className="button button--quiet" onClick={() => setState(back)}>
            Tilbake
          </button>
          <button type="button" className="button button--quiet" onClick={() => setState(restart())}>
            Start på nytt
          </button>
        </div>
      ) : null}
    </div>
  );
}
