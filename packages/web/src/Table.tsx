import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Chat } from './Chat.tsx';
import { Chooser } from './Chooser.tsx';
import {
  type Action,
  actionsOf,
  candidates,
  nextQuestion,
  type Picks,
  pick,
  promptWords,
  type Question,
} from './choices.ts';
import {
  type ChatLine,
  type Connection,
  connect,
  type LogLine,
  type Prompt,
  server,
  type TableState,
} from './client.ts';
import { EndScreen } from './EndScreen.tsx';
import { HoverLayer } from './HoverCard.tsx';
import { Log } from './Log.tsx';
import { NemesisBoard } from './nemesis/NemesisBoard.tsx';
import { OutgunnedBoard } from './outgunned/OutgunnedBoard.tsx';
import { seatName } from './people.ts';
import { RulesDialog } from './Rules.tsx';
import { keepUnderWay, stepsOf, type UnderWay, underWayOf } from './storage.ts';
import {
  createWords,
  gameName,
  indexReference,
  type ReferenceSection,
  WordsContext,
} from './words.ts';

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

/** The sound of your turn: off until the player turns it on, remembered in this browser. */
const soundKey = 'tabletop.sound';

function useSound(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => localStorage.getItem(soundKey) === 'on');
  const set = useCallback((next: boolean) => {
    localStorage.setItem(soundKey, next ? 'on' : 'off');
    setOn(next);
  }, []);
  return [on, set];
}

let audio: AudioContext | null = null;

/** A short two-note chime (Web Audio): no file to fetch. */
function chime(): void {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [index, pitch] of [660, 880].entries()) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, now + index * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, now + index * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + index * 0.12 + 0.18);
      tone.connect(gain).connect(audio.destination);
      tone.start(now + index * 0.12);
      tone.stop(now + index * 0.12 + 0.2);
    }
  } catch {
    // A browser without Web Audio stays silent.
  }
}

/**
 * Who stands in for whom: every reader is told which seats a bot plays
 * until their players are back; a seat played by a bot may take it back.
 */
function StandIns({
  standIns,
  seat,
  name,
  back,
}: {
  standIns: { seat: string; bot: string }[];
  seat: string;
  name: (seat: string) => string;
  back: () => void;
}) {
  const mine = standIns.find((standIn) => standIn.seat === seat);
  const others = standIns.filter((standIn) => standIn.seat !== seat);
  return (
    <div className="stand-ins" role="status">
      {mine && (
        <p>
          A {mine.bot} bot is playing your seat: you were away, or your time to answer ran out.{' '}
          <button type="button" className="primary" onClick={back}>
            Take my seat back
          </button>
        </p>
      )}
      {others.map((standIn) => (
        <p key={standIn.seat}>
          A {standIn.bot} bot plays {name(standIn.seat)} until its player is back.
        </p>
      ))}
    </div>
  );
}

export const plainTitle = 'tabletop';
export const turnTitle = '\u25cf Your turn \u00b7 tabletop';

/** One seat (or a spectator) at a live match. */
export function Table({ matchId, seat, token }: { matchId: string; seat: string; token?: string }) {
  const [ruleset, setRuleset] = useState('');
  const [state, setState] = useState<TableState | null>(null);
  const [lines, setLines] = useState<LogLine[]>([]);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [chatError, setChatError] = useState('');
  const [status, setStatus] = useState('connecting');
  const [refusal, setRefusal] = useState('');
  const [picks, setPicks] = useState<Picks>({});
  const [pending, setPending] = useState(false);
  const [rules, setRules] = useState<{ focus?: string } | null>(null);
  const [sound, setSound] = useSound();
  const connection = useRef<Connection | null>(null);
  // The action under way: how many answers this seat gave since it began it. Back takes them all back.
  const underWay = useRef<UnderWay | null>(underWayOf(matchId, seat));
  const undoing = useRef(0);
  const seatRef = useRef(seat);
  seatRef.current = seat;

  useEffect(() => {
    server.match(matchId).then(
      (summary) => setRuleset(summary.ruleset),
      (failure: Error) => setRefusal(failure.message),
    );
    connection.current = connect(matchId, token, {
      state: (next) => {
        const mine = next.prompts.find((prompt) => prompt.seats.includes(seatRef.current));
        const now = underWay.current;
        if (now) {
          if (undoing.current > 0 && next.seq > now.seq) {
            now.undoEntries += 1;
            now.undone += undoing.current;
          }
          // Back at a question of the kind the action began with, or no longer asked: none under way.
          if (!mine || mine.answer === now.answer || stepsOf(now, next.seq) <= 0)
            underWay.current = null;
          keepUnderWay(matchId, seatRef.current, underWay.current);
        }
        undoing.current = 0;
        setState(next);
        setPicks({});
        setPending(false);
        setRefusal('');
      },
      log: (more) => setLines((before) => [...before, ...more]),
      chat: (more) =>
        setChat((before) => {
          const seen = new Set(before.map((line) => line.id));
          return [...before, ...more.filter((line) => !seen.has(line.id))];
        }),
      status: (next, detail) => setStatus(detail ? `${next}: ${detail}` : next),
      refused: (message) => {
        setPending(false);
        undoing.current = 0;
        setRefusal(message);
      },
      chatRefused: setChatError,
    });
    return () => connection.current?.close();
  }, [matchId, token]);

  const sections = useReference(ruleset);
  const reference = useMemo(() => indexReference(sections), [sections]);
  const words = useMemo(
    () => createWords(sections, reference, state?.words?.things),
    [sections, reference, state?.words?.things],
  );
  const actions = useMemo(() => (state ? actionsOf(state) : []), [state]);
  const indexes = useMemo(() => candidates(actions, picks), [actions, picks]);
  const question = useMemo(() => nextQuestion(actions, indexes, picks), [actions, indexes, picks]);
  const myPrompt = state?.prompts.find((prompt) => prompt.seats.includes(seat));
  const submit = useCallback(
    (action: Action) => {
      if (!state) return;
      const mine = state.prompts.find((prompt) => prompt.seats.includes(seat));
      if (!underWay.current) {
        underWay.current = {
          answer: mine?.answer ?? '',
          seq: state.seq,
          undoEntries: 0,
          undone: 0,
        };
        keepUnderWay(matchId, seat, underWay.current);
      }
      setPending(true);
      setRefusal('');
      connection.current?.submit(action);
    },
    [state, seat, matchId],
  );
  const undo = useCallback((steps: number) => {
    undoing.current = steps;
    setPending(true);
    setRefusal('');
    connection.current?.undo(steps);
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

  // Your turn: the tab's title, a banner, and (when turned on) a chime.
  const myTurn = !!state && !state.over && !!myPrompt && actions.length > 0;
  const wasMyTurn = useRef(false);
  // In the same commit as the page: the title never disagrees with the question shown.
  useLayoutEffect(() => {
    document.title = myTurn ? turnTitle : plainTitle;
    if (myTurn && !wasMyTurn.current && sound) chime();
    wasMyTurn.current = myTurn;
  }, [myTurn, sound]);
  useEffect(
    () => () => {
      document.title = plainTitle;
    },
    [],
  );

  const openRule = useCallback((key?: string) => setRules(key ? { focus: key } : {}), []);
  const reader = seat === 'spectator' ? 'Spectator' : seatName(words, seat);
  const over = state?.over ?? false;
  const statusWord = over ? 'game over' : status;
  return (
    <WordsContext.Provider value={words}>
      <HoverLayer>
        <div
          className={`table${myTurn ? ' my-turn' : ''}`}
          data-seq={state?.seq ?? -1}
          data-over={over ? 'yes' : 'no'}
          data-pending={pending ? 'yes' : 'no'}
        >
          <header className="bar">
            <a href="#/">Lobby</a>
            <span className="where">
              {ruleset && <span className="ruleset">{gameName(ruleset)}</span>}{' '}
              <code>{matchId}</code> · <span className="reader">{reader}</span>
            </span>
            <span
              className={`status ${over ? 'over' : status.split(':')[0]}`}
              role="status"
              data-status={over ? 'over' : status.split(':')[0]}
            >
              {statusWord}
            </span>
            <button
              type="button"
              className="rules-button"
              onClick={() => openRule()}
              disabled={sections.length === 0}
            >
              Rules
            </button>
            {seat !== 'spectator' && (
              <label className="sound-toggle">
                <input
                  type="checkbox"
                  checked={sound}
                  onChange={(event) => {
                    setSound(event.target.checked);
                    if (event.target.checked) chime();
                  }}
                />{' '}
                Sound on your turn
              </label>
            )}
            {over && <a href={`#/replay/${matchId}/${encodeURIComponent(seat)}`}>Replay</a>}
          </header>
          {myTurn && state && myPrompt && (
            <p className="your-turn" role="status">
              <strong>Your turn</strong>: {promptWords(state, state.prompts.indexOf(myPrompt))}
            </p>
          )}
          {state?.standIns && state.standIns.length > 0 && !over && (
            <StandIns
              standIns={state.standIns}
              seat={seat}
              name={(each) => seatName(words, each)}
              back={() => connection.current?.back()}
            />
          )}
          {refusal && (
            <p className="refusal" role="alert">
              {refusal}
            </p>
          )}
          {over && state && (
            <EndScreen result={state.result} seat={seat} matchId={matchId} view={state.view} />
          )}
          {state ? (
            <div className="layout">
              <aside className="side">
                {!over && (
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
                    takeBack={
                      seat === 'spectator'
                        ? null
                        : { back: stepsOf(underWay.current, state.seq), undo }
                    }
                    note={setRefusal}
                  />
                )}
                <Log lines={lines} seat={seat} openRule={openRule} />
                <Chat
                  lines={chat}
                  error={chatError}
                  send={(text) => {
                    setChatError('');
                    connection.current?.chat(text);
                  }}
                />
              </aside>
              <div className="board-area">
                <Board
                  ruleset={ruleset}
                  view={state.view}
                  seat={seat}
                  prompts={state.prompts}
                  question={question}
                  choose={choose}
                  live={{ matchId, token, seq: state.seq, over }}
                />
              </div>
            </div>
          ) : (
            <p>Loading…</p>
          )}
          {rules && (
            <RulesDialog sections={sections} focus={rules.focus} onClose={() => setRules(null)} />
          )}
        </div>
      </HoverLayer>
    </WordsContext.Provider>
  );
}
