import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  actionLabel,
  canClose,
  candidates,
  close,
  nextQuestion,
  type Picks,
  pick,
  pretty,
  promptWords,
  type Question,
} from './choices.ts';
import {
  type Action,
  type Connection,
  connect,
  type LogLine,
  type Prompt,
  server,
  type TableState,
} from './client.ts';
import { HoverLayer } from './HoverCard.tsx';
import { NemesisBoard } from './nemesis/NemesisBoard.tsx';
import { OutgunnedBoard } from './outgunned/OutgunnedBoard.tsx';
import { createWords, indexReference, type ReferenceSection, WordsContext } from './words.ts';

/**
 * The rules reference of a ruleset, fetched once a page; a table without
 * one (the server has none for this ruleset) shows the view's words alone.
 */
export function useReference(ruleset: string): readonly ReferenceSection[] {
  const [sections, setSections] = useState<readonly ReferenceSection[]>([]);
  useEffect(() => {
    if (!ruleset) return;
    let current = true;
    server.reference(ruleset).then(
      (answer) => {
        if (current) setSections(answer.sections);
      },
      () => {
        if (current) setSections([]);
      },
    );
    return () => {
      current = false;
    };
  }, [ruleset]);
  return sections;
}

export interface BoardProps {
  view: unknown;
  seat: string;
  /** Who the table waits for now, and on what (a board highlights them). */
  prompts: readonly Prompt[];
  /** What the chooser asks next, for boards that make things clickable. */
  question: Question | null;
  choose: (value: unknown) => void;
  /** A live table's match, the seat's token and the state drawn: boards that ask the server for odds use them. */
  live?: { matchId: string; token: string | undefined; seq: number; over: boolean };
}

export function Board({ ruleset, ...props }: BoardProps & { ruleset: string }) {
  if (ruleset === 'nemesis') return <NemesisBoard {...props} />;
  if (ruleset === 'outgunned') return <OutgunnedBoard {...props} />;
  return <pre className="raw-view">{JSON.stringify(props.view, null, 1)}</pre>;
}

export function Log({ lines }: { lines: LogLine[] }) {
  const end = useRef<HTMLLIElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when a line is added
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [lines.length]);
  return (
    <section className="log" aria-label="Log">
      <h2>Log</h2>
      <ol>
        {lines.slice(-200).map((line) => (
          <li key={line.id}>
            <span className="seq">{line.seq}</span> {line.text}
          </li>
        ))}
        <li ref={end} aria-hidden="true" />
      </ol>
    </section>
  );
}

/** The Nemesis victory check as the result details carry it, once the game is over (all of it public then). */
interface VictoryDetails {
  engines: string[];
  coordinates: string;
  destination: string;
  reached: string | null;
  shipDestroyed: boolean;
  fates: {
    seat: string;
    character: string | null;
    survivedBy: string | null;
    death: string | null;
    objectives: string[];
    winner: boolean;
  }[];
}

function victoryOf(details: unknown): VictoryDetails | null {
  const victory = (details as { victoryCheck?: VictoryDetails } | null | undefined)?.victoryCheck;
  return victory && Array.isArray(victory.fates) ? victory : null;
}

function words(id: string): string {
  return id.replaceAll('-', ' ');
}

function VictoryCheck({ victory }: { victory: VictoryDetails }) {
  return (
    <div className="victory-check">
      <p>
        Engines: {victory.engines.map(words).join(', ')} · Coordinates {words(victory.coordinates)},
        destination {victory.destination} ·{' '}
        {victory.shipDestroyed
          ? 'the ship was destroyed'
          : `the ship reached ${victory.reached ? words(victory.reached) : 'nowhere'}`}
      </p>
      <table>
        <thead>
          <tr>
            <th>seat</th>
            <th>character</th>
            <th>fate</th>
            <th>objectives</th>
            <th>wins</th>
          </tr>
        </thead>
        <tbody>
          {victory.fates.map((fate) => (
            <tr key={fate.seat}>
              <td>{fate.seat}</td>
              <td>{fate.character ? words(fate.character) : '-'}</td>
              <td>
                {fate.survivedBy
                  ? `survived (${words(fate.survivedBy)})`
                  : `died${fate.death ? `: ${fate.death}` : ''}`}
              </td>
              <td>{fate.objectives.map(words).join(', ') || '-'}</td>
              <td>{fate.winner ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ResultPanel({ result, seat }: { result: TableState['result']; seat: string }) {
  if (!result) return null;
  const victory = victoryOf(result.details);
  return (
    <section className="result" aria-label="Result">
      <h2>Game over</h2>
      <p>{result.summary}</p>
      {victory && <VictoryCheck victory={victory} />}
      <p>
        Winners: {result.winners.length ? result.winners.join(', ') : 'nobody'}
        {seat !== 'spectator' && (result.winners.includes(seat) ? ' (you win)' : ' (you lose)')}
      </p>
      {result.scores && (
        <ul>
          {Object.entries(result.scores).map(([who, score]) => (
            <li key={who}>
              seat {who}: {score}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Chooser({
  state,
  seat,
  picks,
  question,
  indexes,
  choose,
  settle,
  submit,
  reset,
}: {
  state: TableState;
  seat: string;
  picks: Picks;
  question: Question | null;
  indexes: number[];
  choose: (value: unknown) => void;
  settle: (next: Picks) => void;
  submit: (action: Action) => void;
  reset: () => void;
}) {
  const mine = state.prompts
    .map((prompt, index) => ({ prompt, index }))
    .filter(({ prompt }) => prompt.seats.includes(seat));
  const others = state.prompts.filter((prompt) => !prompt.seats.includes(seat));
  const few = indexes.length <= 12;
  return (
    <section className="prompt" aria-label="Your move">
      {mine.map(({ index }) => (
        <h2 key={index} className="prompt-text">
          {promptWords(state, index)}
        </h2>
      ))}
      {mine.length === 0 && !state.over && (
        <p className="waiting">
          Waiting for {others.flatMap((p) => p.seats).join(', ') || 'the table'}
          {others[0]?.text ? `: ${others[0].text}` : ''}
        </p>
      )}
      {Object.keys(picks).length > 0 && (
        <p className="picked">
          Chosen:{' '}
          {Object.entries(picks)
            .filter(([field]) => !field.startsWith('closed:'))
            .map(([field, value]) => `${field} ${pretty(value)}`)
            .join('; ')}{' '}
          <button type="button" onClick={reset}>
            start over
          </button>
        </p>
      )}
      <div className="choices">
        {state.actions.length > 0 && few
          ? indexes.map((index) => (
              <button
                type="button"
                key={index}
                className="choice"
                data-action={JSON.stringify(state.actions[index])}
                onClick={() => submit(state.actions[index]!)}
              >
                {actionLabel(state, index)}
              </button>
            ))
          : question && (
              <>
                <span className="question">{pretty(question.field)}:</span>
                {question.values.map((value) => (
                  <button
                    type="button"
                    key={JSON.stringify(value)}
                    className="choice narrow"
                    data-field={question.field}
                    data-value={JSON.stringify(value)}
                    onClick={() => choose(value)}
                  >
                    {pretty(value)}
                  </button>
                ))}
                {canClose(state.actions, indexes, picks, question) && (
                  <button
                    type="button"
                    className="choice narrow"
                    data-field={question.field}
                    data-value='"no more"'
                    onClick={() => settle(close(picks, question))}
                  >
                    {Array.isArray(picks[question.field]) &&
                    (picks[question.field] as unknown[]).length > 0
                      ? 'no more'
                      : 'none'}
                  </button>
                )}
              </>
            )}
      </div>
    </section>
  );
}

/** One seat (or a spectator) at a live match. */
export function Table({ matchId, seat, token }: { matchId: string; seat: string; token?: string }) {
  const [ruleset, setRuleset] = useState('');
  const [state, setState] = useState<TableState | null>(null);
  const [lines, setLines] = useState<LogLine[]>([]);
  const [status, setStatus] = useState('connecting');
  const [refusal, setRefusal] = useState('');
  const [picks, setPicks] = useState<Picks>({});
  const [pending, setPending] = useState(false);
  const connection = useRef<Connection | null>(null);

  useEffect(() => {
    server.match(matchId).then(
      (summary) => setRuleset(summary.ruleset),
      (failure: Error) => setRefusal(failure.message),
    );
    connection.current = connect(matchId, token, {
      state: (next) => {
        setState(next);
        setPicks({});
        setPending(false);
        setRefusal('');
      },
      log: (more) => setLines((before) => [...before, ...more]),
      status: (next, detail) => setStatus(detail ? `${next}: ${detail}` : next),
      refused: (message) => {
        setPending(false);
        setRefusal(message);
      },
    });
    return () => connection.current?.close();
  }, [matchId, token]);

  const sections = useReference(ruleset);
  const reference = useMemo(() => indexReference(sections), [sections]);
  const words = useMemo(
    () => createWords(sections, reference, state?.words?.things),
    [sections, reference, state?.words?.things],
  );
  const actions = state?.actions ?? [];
  const indexes = useMemo(() => candidates(actions, picks), [actions, picks]);
  const question = useMemo(() => nextQuestion(actions, indexes, picks), [actions, indexes, picks]);
  const submit = useCallback((action: Action) => {
    setPending(true);
    connection.current?.submit(action);
  }, []);
  const settle = useCallback(
    (next: Picks) => {
      const left = candidates(actions, next);
      if (left.length === 1) submit(actions[left[0]!]!);
      setPicks(next);
    },
    [actions, submit],
  );
  const choose = useCallback(
    (value: unknown) => {
      if (question) settle(pick(picks, question, value));
    },
    [question, picks, settle],
  );

  return (
    <WordsContext.Provider value={words}>
      <HoverLayer>
        <div
          className="table"
          data-seq={state?.seq ?? -1}
          data-over={state?.over ? 'yes' : 'no'}
          data-pending={pending ? 'yes' : 'no'}
        >
          <header className="bar">
            <a href="#/">lobby</a>
            <span>
              {ruleset} <code>{matchId}</code> ·{' '}
              {seat === 'spectator' ? 'spectator' : `seat ${seat}`}
            </span>
            <span className={`status ${status.split(':')[0]}`} role="status">
              {status}
            </span>
            {state?.over && <a href={`#/replay/${matchId}/${encodeURIComponent(seat)}`}>replay</a>}
          </header>
          {refusal && (
            <p className="refusal" role="alert">
              {refusal}
            </p>
          )}
          {state ? (
            <div className="layout">
              <div className="board-area">
                <Board
                  ruleset={ruleset}
                  view={state.view}
                  seat={seat}
                  prompts={state.prompts}
                  question={question}
                  choose={choose}
                  live={{ matchId, token, seq: state.seq, over: state.over }}
                />
              </div>
              <aside className="side">
                <ResultPanel result={state.result} seat={seat} />
                {!state.over && (
                  <Chooser
                    state={state}
                    seat={seat}
                    picks={picks}
                    question={question}
                    indexes={indexes}
                    choose={choose}
                    settle={settle}
                    submit={submit}
                    reset={() => setPicks({})}
                  />
                )}
                <Log lines={lines} />
              </aside>
            </div>
          ) : (
            <p>Loading…</p>
          )}
        </div>
      </HoverLayer>
    </WordsContext.Provider>
  );
}
