import { useEffect, useState } from 'react';
import { pretty, promptWords } from './choices.ts';
import { eventText, type MatchSummary, type ReplayFrame, server } from './client.ts';
import { Board, ResultPanel } from './Table.tsx';

/**
 * A finished match, step by step, as one seat or a spectator saw it. The
 * server replays its record to the step asked for and sends that reader's
 * view, so the page holds no rules and shows only what that reader saw.
 */
export function Replay({ matchId, initialSeat }: { matchId: string; initialSeat: string }) {
  const [summary, setSummary] = useState<MatchSummary | null>(null);
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

  const last = frame?.steps ?? 0;
  const go = (to: number) => setStep(Math.max(0, Math.min(last, to)));
  return (
    <div className="table replay" data-step={frame?.step ?? -1}>
      <header className="bar">
        <a href="#/">lobby</a>
        <span>
          replay of {summary?.ruleset} <code>{matchId}</code>
        </span>
        <label>
          as{' '}
          <select value={seat} onChange={(event) => setSeat(event.target.value)}>
            <option value="spectator">spectator</option>
            {summary?.seats.map((s) => (
              <option key={s.seat} value={s.seat}>
                seat {s.seat}
              </option>
            ))}
          </select>
        </label>
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
          {frame?.actor ? ` (seat ${frame.actor} acted)` : ''}
        </span>
      </nav>
      {error && <p role="alert">{error}</p>}
      {frame && summary && (
        <div className="layout">
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
          <aside className="side">
            <ResultPanel result={frame.result} seat={seat} />
            {frame.prompts.length > 0 && (
              <section className="prompt">
                {frame.prompts.map((prompt, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: each step's prompts replace the last ones whole
                  <p key={index}>
                    {prompt.seats.join(', ')}: {promptWords(frame, index)}
                  </p>
                ))}
              </section>
            )}
            <section className="log">
              <h2>This step</h2>
              <ol>
                {frame.events.map((event, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: each step's events replace the last ones whole
                  <li key={index}>{eventText(event, undefined)}</li>
                ))}
                {frame.events.length === 0 && (
                  <li>{frame.step === 0 ? 'setup' : `nothing ${pretty('seen')}`}</li>
                )}
              </ol>
            </section>
          </aside>
        </div>
      )}
    </div>
  );
}
