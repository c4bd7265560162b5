import { useEffect, useState } from 'react';
import { Lobby } from './Lobby.tsx';
import { Replay } from './Replay.tsx';
import { Reference } from './Rules.tsx';
import { remember, tokenFor } from './storage.ts';
import { Table, useReference } from './Table.tsx';

/** The rules reference of a ruleset as a page of its own (`#/rules/<ruleset>/<entry>`). */
function RulesPage({ ruleset, focus }: { ruleset: string; focus?: string }) {
  const sections = useReference(ruleset);
  useEffect(() => {
    document.title = 'Rules · tabletop';
  }, []);
  return (
    <main className="rules-page">
      <header className="bar">
        <a href="#/">Lobby</a>
        <h1>Rules reference</h1>
      </header>
      <Reference sections={sections} focus={focus} />
    </main>
  );
}

function route(): string[] {
  const parts = location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  const [page, id, seat, token] = parts;
  if (page === 'join' && id && seat && token) {
    remember({ id, seat, token, ruleset: '', createdAt: Date.now() });
    history.replaceState(null, '', `#/play/${encodeURIComponent(id)}/${encodeURIComponent(seat)}`);
    return ['play', id, seat];
  }
  return parts;
}

/**
 * Routes live in the fragment, which browsers never send to the server: a
 * join link's token stays in this browser, and is moved to localStorage and
 * out of the address bar at once.
 */
export function App() {
  const [parts, setParts] = useState(route);
  useEffect(() => {
    const changed = () => setParts(route());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  const [page, id, seat] = parts;
  if (page === 'play' && id && seat) {
    const held = tokenFor(id, seat);
    if (!held) {
      return (
        <main className="notice">
          <p>This browser holds no token for this seat of match {id}. Open the seat's join link.</p>
          <a href="#/">Back to the lobby</a>
        </main>
      );
    }
    return <Table key={`${id}/${seat}`} matchId={id} seat={seat} token={held} />;
  }
  if (page === 'rules' && id) return <RulesPage key={id} ruleset={id} focus={seat} />;
  if (page === 'watch' && id) return <Table key={`${id}/watch`} matchId={id} seat="spectator" />;
  if (page === 'replay' && id)
    return <Replay key={id} matchId={id} initialSeat={seat ?? 'spectator'} />;
  return <Lobby />;
}
