import { useEffect, useMemo, useState } from 'react';
import { promptWords } from './choices.ts';
import { eventText, type MatchInfo, type ReplayFrame, server } from './client.ts';
import { EndScreen } from './EndScreen.tsx';
import { HoverLayer } from './HoverCard.tsx';
import { Linked } from './Log.tsx';
import { nameMatcher } from './log-lines.ts';
import { seatName } from './people.ts';
import { RulesDialog } from './Rules.tsx';
import { Board, useReference } from './Table.tsx';
import { createWords, indexReference, WordsContext } from './words.ts';

/**
 * A finished match, step by step, as one seat or a spectator saw it. The
 * server replays its record to the step asked for and sends that reader's
 * view, so the page holds no rules and shows only what that reader saw.
 */
export function Replay({ matchId, initialSeat }: { matchId: string; initialSeat: string }) {
  const [summary, setSummary] = useState<MatchInfo | null>(null);
  const [seat, setSeat] = useState(initialSeat);
  const [step, setStep] = useState(0);
  const [frame, setFrame] = useState<ReplayFrame | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    server.match(matchId).then(setSummary, (failure: Error) => setError(failure.message));
  }, [matchId]);
  useEffect(() => {
    let current = true;
    server.replay(matchId, step, seat).then(
      (next) => {
        if (current) {
          setFrame(next);
          setError('');
        }
      },
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [matchId, step, seat]);

  const sections = useReference(summary?.ruleset ?? '');
  const reference = useMemo(() => indexReference(sections), [sections]);
  const words = useMemo(
    () => createWords(sections, reference, frame?.words?.things),
    [sections, reference, frame?.words?.things],
  );
  const matcher = useMemo(() => nameMatcher(sections), [sections]);
  const [rules, setRules] = useState<{ focus?: string } | null>(null);
  const last = frame?.steps ?? 0;
  const go = (to: number) => setStep(Math.max(0, Math.min(last, to)));
  return (
    <WordsContext.Provider value={words}>
      <HoverLayer>
        <div className="table replay" data-step={frame?.step ?? -1}>
          <header className="bar">
            <a href="#/">Lobby</a>
            <span className="where">
              Replay of {summary?.ruleset} <code>{matchId}</code>
            </span>
            <label>
              as{' '}
              <select value={seat} onChange={(event) => setSeat(event.target.value)}>
                <option value="spectator">Spectator</option>
                {summary?.seats.map((place) => (
                  <option key={place.seat} value={place.seat}>
                    {seatName(words, place.seat)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="rules-button"
              onClick={() => setRules({})}
              disabled={sections.length === 0}
            >
              Rules
            </button>
            <a href={server.recordLink(matchId)} download={`match-${matchId}.json`}>
              Download the match record
            </a>
          </header>
          <nav
            className="stepper"
            aria-label="Steps"
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') go(step + 1);
              if (event.key === 'ArrowLeft') go(step - 1);
            }}
          >
            <button type="button" onClick={() => go(0)}>
              « start
            </button>
            <button type="button" className="back" onClick={() => go(step - 1)}>
              ◀ back
            </button>
            <input
              type="range"
              min={0}
              max={last}
              value={step}
              aria-label="step"
              onChange={(event) => go(Number(event.target.value))}
            />
            <button type="button" className="forward" onClick={() => go(step + 1)}>
              forward ▶
            </button>
            <button type="button" onClick={() => go(last)}>
              end »
            </button>
            <span className="step-count">
              step {frame?.step ?? step} of {last}
              {frame?.actor ? ` (${seatName(words, frame.actor)} acted)` : ''}
            </span>
          </nav>
          {error && <p role="alert">{error}</p>}
          {frame?.over && frame.step === frame.steps && (
            <EndScreen result={frame.result} seat={seat} view={frame.view} />
          )}
          {frame && summary && (
            <div className="layout">
              <aside className="side">
                {frame.prompts.length > 0 && (
                  <section className="prompt" aria-label="Waiting for">
                    {frame.prompts.map((prompt, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: each step's prompts replace the last ones whole
                      <p key={index}>
                        {prompt.seats.map((who) => seatName(words, who)).join(', ')}:{' '}
                        {frame.words?.prompts[index] ?? promptWords(frame, index)}
                      </p>
                    ))}
                  </section>
                )}
                <section className="log" aria-label="This step">
                  <h2>This step</h2>
                  <ol className="step-lines">
                    {frame.events.map((event, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: each step's events replace the last ones whole
                      <li key={index} data-type={event.type}>
                        <Linked
                          text={eventText(event, frame.words?.events[index])}
                          matcher={matcher}
                          open={(key) => setRules({ focus: key })}
                        />
                      </li>
                    ))}
                    {frame.events.length === 0 && (
                      <li>
                        {frame.step === 0 ? 'The game is set up.' : 'Nothing this reader saw.'}
                      </li>
                    )}
                  </ol>
                </section>
              </aside>
              <div className="board-area">
                <Board
                  ruleset={summary.ruleset}
                  view={frame.view}
                  seat={seat}
                  prompts={frame.prompts}
                  question={null}
                  choose={() => {}}
                />
              </div>
            </div>
          )}
          {rules && (
            <RulesDialog sections={sections} focus={rules.focus} onClose={() => setRules(null)} />
          )}
        </div>
      </HoverLayer>
    </WordsContext.Provider>
  );
}
