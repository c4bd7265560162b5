import { useEffect, useState } from 'react';
import { type MatchSummary, server } from './client.ts';
import { forget, type MyMatch, myMatches, remember } from './storage.ts';

const seatsOf: Record<string, (players: number) => string[]> = {
  nemesis: (players) => Array.from({ length: players }, (_, index) => String(index)),
  outgunned: () => ['director', 'hero-1', 'hero-2'],
};

interface Created {
  summary: MatchSummary;
  links: { seat: string; href: string }[];
}

function link(hash: string): string {
  return `${location.origin}${location.pathname}${hash}`;
}

export function Lobby() {
  const [bots, setBots] = useState<Record<string, string[]>>({});
  const [ruleset, setRuleset] = useState('nemesis');
  const [players, setPlayers] = useState(3);
  const [hideEnemyGrit, setHideEnemyGrit] = useState(false);
  const [kinds, setKinds] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState('');
  const [mine, setMine] = useState<(MyMatch & { over?: boolean })[]>(myMatches);

  useEffect(() => {
    server.rulesets().then(
      (answer) => setBots(Object.fromEntries(answer.rulesets.map((r) => [r.id, r.bots]))),
      (failure: Error) => setError(failure.message),
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

  const seats = (seatsOf[ruleset] ?? (() => []))(players);
  const kindOf = (seat: string) =>
    kinds[`${ruleset}:${seat}`] ??
    (seat === seats[0] && ruleset === 'nemesis'
      ? 'human'
      : ruleset === 'outgunned' && seat === 'hero-1'
        ? 'human'
        : (bots[ruleset]?.at(-1) ?? 'human'));

  const create = async () => {
    setError('');
    try {
      const chosen = Object.fromEntries(
        seats.filter((seat) => kindOf(seat) !== 'human').map((seat) => [seat, kindOf(seat)]),
      );
      const summary = await server.create(
        ruleset,
        ruleset === 'nemesis' ? { players } : { hideEnemyGrit },
        chosen,
      );
      const links: Created['links'] = [];
      let own: MyMatch | null = null;
      for (const seat of summary.seats) {
        if (seat.kind !== 'human') continue;
        const { token } = await server.join(summary.id, seat.seat);
        if (!own) {
          own = { id: summary.id, ruleset, seat: seat.seat, token, createdAt: Date.now() };
          remember(own);
        }
        links.push({
          seat: seat.seat,
          href: link(`#/join/${summary.id}/${encodeURIComponent(seat.seat)}/${token}`),
        });
      }
      setCreated({ summary, links });
      setMine(myMatches());
    } catch (failure) {
      setError((failure as Error).message);
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
                setCreated(null);
              }}
            >
              <option value="nemesis">Nemesis</option>
              <option value="outgunned">Outgunned (a fight)</option>
            </select>
          </label>
          {ruleset === 'outgunned' && (
            <label>
              <input
                type="checkbox"
                checked={hideEnemyGrit}
                onChange={(event) => setHideEnemyGrit(event.target.checked)}
              />{' '}
              the Director hides Enemy Grit
            </label>
          )}
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
        </div>
        <ul className="seat-list">
          {seats.map((seat) => (
            <li key={seat}>
              <label>
                Seat {seat}{' '}
                <select
                  data-seat={seat}
                  value={kindOf(seat)}
                  onChange={(event) =>
                    setKinds({ ...kinds, [`${ruleset}:${seat}`]: event.target.value })
                  }
                >
                  <option value="human">human</option>
                  {(bots[ruleset] ?? []).map((bot) => (
                    <option key={bot} value={bot}>
                      bot: {bot}
                    </option>
                  ))}
                </select>
              </label>
            </li>
          ))}
        </ul>
        <button type="button" className="primary" onClick={create}>
          Create match
        </button>
        {error && <p role="alert">{error}</p>}
        {created && (
          <div className="created" data-match={created.summary.id}>
            <p>
              Match <code>{created.summary.id}</code> created. Send each player their seat's link
              (it carries that seat's token: anyone holding it plays that seat).
            </p>
            <ul>
              {created.links.map(({ seat, href }) => (
                <li key={seat}>
                  Seat {seat}:{' '}
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
      <section aria-labelledby="my-matches">
        <h2 id="my-matches">My matches</h2>
        {mine.length === 0 && <p>None yet in this browser.</p>}
        <ul className="my-matches">
          {mine.map((m) => (
            <li key={`${m.id}/${m.seat}`}>
              <span>
                {m.ruleset || 'match'} <code>{m.id}</code>, seat {m.seat}
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
