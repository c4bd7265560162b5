import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  type MatchInfo,
  type MatchSummary,
  type RulesetSummary,
  ServerError,
  server,
} from './client.ts';
import { seatName } from './people.ts';
import { forget, type MyMatch, myMatches, remember } from './storage.ts';
import { gameName, gameNames, noWords } from './words.ts';

interface Created {
  summary: MatchInfo;
  /** The creator's own seat, taken in this browser. */
  own: string | null;
  /** Each other human seat's link: its invitation, for one player. */
  links: { seat: string; href: string }[];
}

function link(hash: string): string {
  return `${location.origin}${location.pathname}${hash}`;
}

/** What each bot is, for a player choosing who sits at a seat. */
const botWords: Readonly<Record<string, string>> = {
  easy: 'Easy bot',
  normal: 'Normal bot',
  hard: 'Hard bot',
  sensible: 'Sensible bot',
  random: 'Random bot (any legal move)',
  ismcts: 'Search bot (thinks ahead, slower)',
  search: 'Search bot (thinks ahead, slower)',
  'search-director': 'Search Director (thinks ahead; plays Heroes as the sensible bot)',
};

/**
 * A bot's name for a player: the ruleset's own words where the server sends
 * them (a level with its time per decision, "Normal (instant)"),
 * else the lobby's.
 */
function botName(
  bot: string,
  recommended: boolean,
  labels: Readonly<Record<string, string>> = {},
): string {
  const name = labels[bot] ?? botWords[bot] ?? `Bot: ${bot.replace(/-/g, ' ')}`;
  return recommended ? `${name} (recommended)` : name;
}

function seatLabel(seat: string): string {
  return seatName(noWords, seat);
}

/** A failure as the lobby lists it: the server's problems one per line, by path, else its message. */
function failureLines(failure: unknown): string[] {
  if (failure instanceof ServerError && failure.problems.length > 0) return failure.problems;
  return [(failure as Error).message];
}

const joinLink = /#\/join\/([^/]+)\/([^/]+)\/([^/?#\s]+)/;

/**
 * The lobby's "Join by link or match id": a seat's link takes the seat; an
 * id shows the match's seats, and an open match's free ones to take.
 */
function JoinForm() {
  const [text, setText] = useState('');
  const [found, setFound] = useState<MatchInfo | null>(null);
  const [error, setError] = useState('');
  const open = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setFound(null);
    const value = text.trim();
    const seatLink = joinLink.exec(value);
    if (seatLink) {
      location.hash = `#/join/${seatLink[1]}/${seatLink[2]}/${seatLink[3]}`;
      return;
    }
    const id = /#\/(?:watch|play|replay)\/([^/?#\s]+)/.exec(value)?.[1] ?? value;
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) {
      setError('Paste a seat’s join link, or a match id (letters, digits, - and _).');
      return;
    }
    try {
      setFound(await server.match(decodeURIComponent(id)));
    } catch (failure) {
      setError(
        failure instanceof ServerError && failure.code === 'no-such-match'
          ? `There is no match with the id ${id}.`
          : (failure as Error).message,
      );
    }
  };
  const take = (match: MatchInfo, seat: string) => takeSeat(match, seat, setError);
  return (
    <section aria-labelledby="join">
      <h2 id="join">Join by link or match id</h2>
      <form className="form-row" onSubmit={open}>
        <label htmlFor="join-text">Link or match id</label>
        <input
          id="join-text"
          className="join-text"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="https://…#/join/… or a match id"
        />
        <button type="submit">Open</button>
      </form>
      {error && <p role="alert">{error}</p>}
      {found && (
        <div className="found" data-match={found.id}>
          <p>
            {gameName(found.ruleset)} match <code>{found.id}</code>
            {found.over ? ', over' : ''}: <a href={`#/watch/${found.id}`}>watch it</a>
            {found.over && (
              <>
                {' '}
                or <a href={`#/replay/${found.id}/spectator`}>see the replay</a>
              </>
            )}
          </p>
          <ul>
            {found.seats.map((place) => (
              <li key={place.seat}>
                {seatLabel(place.seat)}:{' '}
                {place.kind === 'bot' ? (
                  botName(place.bot ?? 'bot', false)
                ) : place.joined ? (
                  'taken'
                ) : found.over ? (
                  'free'
                ) : found.open ? (
                  <button type="button" onClick={() => take(found, place.seat)}>
                    Take this seat
                  </button>
                ) : (
                  'free: taken with its link, from whoever created the match'
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** Takes a free seat of an open match, remembers its token in this browser and opens the table. */
async function takeSeat(
  match: { id: string; ruleset: string },
  seat: string,
  setError: (message: string) => void,
): Promise<void> {
  try {
    const { token } = await server.join(match.id, seat);
    remember({ id: match.id, ruleset: match.ruleset, seat, token, createdAt: Date.now() });
    location.hash = `#/play/${encodeURIComponent(match.id)}/${encodeURIComponent(seat)}`;
  } catch (failure) {
    setError((failure as Error).message);
  }
}

/** The matches their creators listed: any free seat may be taken. */
function OpenMatches() {
  const [matches, setMatches] = useState<MatchSummary[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    server.openMatches().then(
      (answer) => setMatches(answer.matches.filter((match) => !match.over)),
      (failure: Error) => setError(failure.message),
    );
  }, []);
  const take = (match: MatchSummary, seat: string) => takeSeat(match, seat, setError);
  return (
    <section aria-labelledby="open-matches">
      <h2 id="open-matches">Open matches</h2>
      {error && <p role="alert">{error}</p>}
      {matches?.length === 0 && <p>None now: a match is listed here when its creator opens it.</p>}
      <ul className="open-matches">
        {matches?.map((match) => (
          <li key={match.id} data-match={match.id}>
            {gameName(match.ruleset)} <code>{match.id}</code>:{' '}
            {match.seats
              .filter((place) => place.kind === 'human' && !place.joined)
              .map((place) => (
                <button key={place.seat} type="button" onClick={() => take(match, place.seat)}>
                  Take {seatLabel(place.seat)}
                </button>
              ))}{' '}
            <a href={`#/watch/${match.id}`}>watch</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Lobby() {
  const [rulesets, setRulesets] = useState<RulesetSummary[]>([]);
  const [ruleset, setRuleset] = useState('nemesis');
  const [players, setPlayers] = useState(3);
  const [hideEnemyGrit, setHideEnemyGrit] = useState(false);
  const [sceneChoice, setSceneChoice] = useState('');
  const [uploaded, setUploaded] = useState<{ name: string; scene: unknown } | null>(null);
  const [kinds, setKinds] = useState<Record<string, string>>({});
  const [seats, setSeats] = useState<string[]>([]);
  const [modes, setModes] = useState<string[] | null>(null);
  // The bot offered first and the bots' names for the options chosen (a level that plays as another in a team says so).
  const [choices, setChoices] = useState<{
    defaultBot: string;
    botLabels: Record<string, string>;
  } | null>(null);
  const [mode, setMode] = useState('');
  const [created, setCreated] = useState<Created | null>(null);
  const [listed, setListed] = useState(false);
  // Off by default: the table waits for a player who left, however long.
  const [awayBot, setAwayBot] = useState(false);
  const [awaySeconds, setAwaySeconds] = useState(60);
  const [timer, setTimer] = useState(false);
  const [turnSeconds, setTurnSeconds] = useState(120);
  // The bot that stands in, by ruleset; the one offered first for the seats until chosen.
  const [standIns, setStandIns] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const [mine, setMine] = useState<(MyMatch & { over?: boolean })[]>(myMatches);

  useEffect(() => {
    document.title = 'tabletop';
    server.rulesets().then(
      (answer) => setRulesets(answer.rulesets),
      (failure: Error) => setErrors([failure.message]),
    );
    Promise.all(
      myMatches().map((m) =>
        server.match(m.id).then(
          (summary) => ({ ...m, ruleset: summary.ruleset, over: summary.over }),
          () => null,
        ),
      ),
    ).then((list) => setMine(list.filter((m) => m !== null)));
  }, []);

  const listing = rulesets.find((each) => each.id === ruleset);
  const bots = listing?.bots ?? [];
  const defaultBot = choices?.defaultBot ?? listing?.defaultBot ?? bots[0] ?? 'human';
  const botLabels = choices?.botLabels ?? listing?.botLabels;
  const standIn = standIns[ruleset] ?? defaultBot;
  // The bots as the seats and the stand-in offer them, the recommended one marked.
  const botOptions = bots.map((bot) => (
    <option key={bot} value={bot}>
      {botName(bot, bot === defaultBot, botLabels)}
    </option>
  ));

  const scene = useMemo<unknown>(
    () => (sceneChoice === 'upload' ? (uploaded?.scene ?? null) : null),
    [sceneChoice, uploaded],
  );
  const [exampleScene, setExampleScene] = useState<unknown>(null);
  useEffect(() => {
    setExampleScene(null);
    if (ruleset !== 'outgunned' || sceneChoice === '' || sceneChoice === 'upload') return;
    let current = true;
    server.scene(ruleset, sceneChoice).then(
      (found) => current && setExampleScene(found),
      (failure: Error) => current && setErrors([failure.message]),
    );
    return () => {
      current = false;
    };
  }, [ruleset, sceneChoice]);

  const options = useMemo(() => {
    if (ruleset === 'nemesis') return { players, ...(mode ? { mode } : {}) };
    const chosen = sceneChoice === 'upload' ? scene : exampleScene;
    return { hideEnemyGrit, ...(chosen ? { scene: chosen } : {}) };
  }, [ruleset, players, mode, hideEnemyGrit, sceneChoice, scene, exampleScene]);

  // The seats come from the server: the match these options would make.
  useEffect(() => {
    let current = true;
    fetch(`/rulesets/${encodeURIComponent(ruleset)}/seats`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ options }),
    })
      .then(async (reply) => {
        const body = await reply.json();
        if (!current) return;
        if (reply.ok) {
          setSeats(body.seats as string[]);
          setModes(Array.isArray(body.modes) ? (body.modes as string[]) : null);
          setChoices(
            typeof body.defaultBot === 'string'
              ? { defaultBot: body.defaultBot, botLabels: body.botLabels ?? {} }
              : null,
          );
        } else {
          setSeats([]);
          setChoices(null);
          setErrors(Array.isArray(body.problems) ? body.problems : [body.message]);
        }
      })
      .catch((failure: Error) => current && setErrors([failure.message]));
    return () => {
      current = false;
    };
  }, [ruleset, options]);

  const firstHuman = seats.find((seat) => seat !== 'director') ?? seats[0];
  const kindOf = (seat: string) =>
    kinds[`${ruleset}:${seat}`] ?? (seat === firstHuman ? 'human' : defaultBot);

  const readScene = async (file: File | undefined) => {
    setErrors([]);
    if (!file) return;
    try {
      const parsed = JSON.parse(await file.text());
      setUploaded({ name: file.name, scene: parsed });
    } catch (failure) {
      setUploaded(null);
      setErrors([`${file.name} is not a JSON file: ${(failure as Error).message}`]);
    }
  };

  const create = async () => {
    setErrors([]);
    if (ruleset === 'outgunned' && sceneChoice === 'upload' && !uploaded) {
      setErrors(['Choose a scene file to upload first.']);
      return;
    }
    try {
      const chosen = Object.fromEntries(
        seats.filter((seat) => kindOf(seat) !== 'human').map((seat) => [seat, kindOf(seat)]),
      );
      const takeover =
        awayBot || timer
          ? {
              awaySeconds: awayBot ? awaySeconds : null,
              turnSeconds: timer ? turnSeconds : null,
              bot: standIn,
            }
          : null;
      const { invitations, ...summary } = await server.create(
        ruleset,
        options,
        chosen,
        listed,
        takeover,
      );
      const links: Created['links'] = [];
      let own: string | null = null;
      for (const { seat, invitation } of invitations) {
        if (own === null) {
          // The creator takes the first human seat here; the others' links are handed out.
          const { token } = await server.join(summary.id, seat, invitation);
          remember({ id: summary.id, ruleset, seat, token, createdAt: Date.now() });
          own = seat;
          continue;
        }
        links.push({
          seat,
          href: link(
            `#/join/${encodeURIComponent(summary.id)}/${encodeURIComponent(seat)}/${invitation}`,
          ),
        });
      }
      setCreated({ summary, own, links });
      setMine(myMatches());
    } catch (failure) {
      setErrors(failureLines(failure));
    }
  };

  return (
    <main className="lobby">
      <h1>tabletop</h1>
      <section aria-labelledby="new-match">
        <h2 id="new-match">New match</h2>
        <div className="form-row">
          <label>
            Game{' '}
            <select
              value={ruleset}
              onChange={(event) => {
                setRuleset(event.target.value);
                setMode('');
                setCreated(null);
                setErrors([]);
              }}
            >
              {(rulesets.length > 0 ? rulesets.map((each) => each.id) : ['nemesis', 'outgunned'])
                .filter((id) => gameNames[id] || rulesets.length > 0)
                .map((id) => (
                  <option key={id} value={id}>
                    {gameName(id)}
                  </option>
                ))}
            </select>
          </label>
          {ruleset === 'nemesis' && (
            <label>
              Players{' '}
              <select value={players} onChange={(event) => setPlayers(Number(event.target.value))}>
                {[1, 2, 3, 4, 5].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          {ruleset === 'nemesis' && modes && modes.length > 0 && (
            <label>
              Mode{' '}
              <select value={mode || modes[0]} onChange={(event) => setMode(event.target.value)}>
                {modes.map((each) => (
                  <option key={each} value={each}>
                    {each.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase())}
                  </option>
                ))}
              </select>
            </label>
          )}
          {ruleset === 'outgunned' && (
            <>
              <span>
                <label htmlFor="scene-choice">Scene</label>{' '}
                <select
                  id="scene-choice"
                  value={sceneChoice}
                  onChange={(event) => {
                    setSceneChoice(event.target.value);
                    setErrors([]);
                  }}
                >
                  <option value="">The standard fight</option>
                  {listing?.scenes?.map((each) => (
                    <option key={each.id} value={each.id}>
                      {each.name}
                    </option>
                  ))}
                  <option value="upload">Upload a scene file…</option>
                </select>
              </span>
              <label>
                <input
                  type="checkbox"
                  checked={hideEnemyGrit}
                  onChange={(event) => setHideEnemyGrit(event.target.checked)}
                />{' '}
                the Director hides Enemy Grit
              </label>
            </>
          )}
        </div>
        {ruleset === 'outgunned' && sceneChoice !== '' && sceneChoice !== 'upload' && (
          <p className="scene-about">
            {listing?.scenes?.find((each) => each.id === sceneChoice)?.description}
          </p>
        )}
        {ruleset === 'outgunned' && sceneChoice === 'upload' && (
          <p className="form-row">
            <label>
              Scene file (JSON){' '}
              <input
                type="file"
                accept="application/json,.json"
                onChange={(event) => readScene(event.target.files?.[0])}
              />
            </label>
            {uploaded && <span className="uploaded">Read {uploaded.name}.</span>}
          </p>
        )}
        <ul className="seat-list" aria-label="Seats">
          {seats.map((seat) => (
            <li key={seat}>
              <label>
                {seatLabel(seat)}{' '}
                <select
                  data-seat={seat}
                  value={kindOf(seat)}
                  onChange={(event) =>
                    setKinds({ ...kinds, [`${ruleset}:${seat}`]: event.target.value })
                  }
                >
                  <option value="human">A person</option>
                  {botOptions}
                </select>
              </label>
            </li>
          ))}
        </ul>
        <fieldset className="form-row takeover">
          <legend>If a player leaves</legend>
          <label>
            <select
              aria-label="If a player leaves"
              value={awayBot ? 'bot' : 'off'}
              onChange={(event) => setAwayBot(event.target.value === 'bot')}
            >
              <option value="off">the table waits for them</option>
              <option value="bot">a bot takes over their seat after</option>
            </select>
          </label>
          {awayBot && (
            <label>
              <input
                type="number"
                aria-label="Seconds away before a bot takes over"
                min={1}
                max={86_400}
                value={awaySeconds}
                onChange={(event) => setAwaySeconds(Math.round(Number(event.target.value)))}
              />{' '}
              seconds, until they are back
            </label>
          )}
          <label>
            <input
              type="checkbox"
              checked={timer}
              onChange={(event) => setTimer(event.target.checked)}
            />{' '}
            Turn timer
          </label>
          {timer && (
            <label>
              <input
                type="number"
                aria-label="Seconds to answer"
                min={1}
                max={86_400}
                value={turnSeconds}
                onChange={(event) => setTurnSeconds(Math.round(Number(event.target.value)))}
              />{' '}
              seconds to answer, then a bot answers for the seat
            </label>
          )}
          {(awayBot || timer) && (
            <label>
              The bot that stands in{' '}
              <select
                aria-label="The bot that stands in"
                value={standIn}
                onChange={(event) => setStandIns({ ...standIns, [ruleset]: event.target.value })}
              >
                {botOptions}
              </select>
            </label>
          )}
        </fieldset>
        <p className="form-row">
          <label>
            <input
              type="checkbox"
              checked={listed}
              onChange={(event) => setListed(event.target.checked)}
            />{' '}
            List it under Open matches: anyone may take a free seat without its link
          </label>
        </p>
        <button type="button" className="primary" onClick={create} disabled={seats.length === 0}>
          Create match
        </button>
        {errors.length > 0 && (
          <ul className="errors" role="alert">
            {errors.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {created && (
          <div className="created" data-match={created.summary.id}>
            <p>
              Match <code>{created.summary.id}</code> created
              {created.summary.open ? ' and listed under Open matches' : ''}. Send each player their
              seat's link: it takes that seat once, for whoever opens it first. The links are shown
              only now.
            </p>
            <ul>
              {created.own !== null && (
                <li>
                  {seatLabel(created.own)}: yours,{' '}
                  <a
                    className="own-seat"
                    href={`#/play/${encodeURIComponent(created.summary.id)}/${encodeURIComponent(created.own)}`}
                  >
                    play it
                  </a>
                </li>
              )}
              {created.links.map(({ seat, href }) => (
                <li key={seat}>
                  {seatLabel(seat)}:{' '}
                  <a className="join-link" data-seat={seat} href={href}>
                    join link
                  </a>{' '}
                  <button type="button" onClick={() => navigator.clipboard?.writeText(href)}>
                    copy
                  </button>
                </li>
              ))}
              <li>
                Spectators:{' '}
                <a className="watch-link" href={link(`#/watch/${created.summary.id}`)}>
                  spectator link
                </a>
              </li>
            </ul>
          </div>
        )}
      </section>
      <JoinForm />
      <OpenMatches />
      <section aria-labelledby="my-matches">
        <h2 id="my-matches">My matches</h2>
        {mine.length === 0 && <p>None yet in this browser.</p>}
        <ul className="my-matches">
          {mine.map((m) => (
            <li key={`${m.id}/${m.seat}`}>
              <span>
                {gameNames[m.ruleset] ?? (m.ruleset || 'match')} <code>{m.id}</code>,{' '}
                {seatLabel(m.seat)}
                {m.over ? ' (over)' : ''}
              </span>{' '}
              <a href={`#/play/${m.id}/${encodeURIComponent(m.seat)}`}>resume</a>{' '}
              {m.over && <a href={`#/replay/${m.id}/${encodeURIComponent(m.seat)}`}>replay</a>}{' '}
              <button
                type="button"
                onClick={() => {
                  forget(m.id, m.seat);
                  setMine(mine.filter((other) => other !== m));
                }}
              >
                forget
              </button>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
