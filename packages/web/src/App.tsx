import { useEffect, useState } from 'react';
import { ServerError, server } from './client.ts';
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

/** Where a seat's page lives once this browser holds its token. */
function playHash(id: string, seat: string): string {
  return `#/play/${encodeURIComponent(id)}/${encodeURIComponent(seat)}`;
}

/** Joins in flight by link, so that one link opened twice at once sends one request. */
const joining = new Map<string, Promise<string>>();

function joinOnce(id: string, seat: string, invitation: string): Promise<string> {
  const key = `${id}/${seat}/${invitation}`;
  let running = joining.get(key);
  if (!running) {
    running = server.join(id, seat, invitation).then(({ token }) => {
      remember({ id, seat, token, ruleset: '', createdAt: Date.now() });
      return token;
    });
    joining.set(key, running);
  }
  return running;
}

/** Why a seat's link did not take the seat, in a player's words. */
function joinFailure(failure: unknown): string {
  if (failure instanceof ServerError) {
    if (failure.code === 'seat-taken')
      return 'Someone has taken this seat already: a seat’s link works once. If it was you, resume it from “My matches” in the browser you joined with.';
    if (failure.code === 'bad-invitation')
      return 'This link does not open this seat: ask whoever created the match for your seat’s link again.';
    if (failure.code === 'no-such-match') return 'There is no such match on this server.';
  }
  return (failure as Error).message;
}

/**
 * A seat's link (`#/join/<match>/<seat>/<invitation>`): the invitation is
 * traded for the seat's token, which this browser keeps; then the table.
 */
function JoinPage({ id, seat, invitation }: { id: string; seat: string; invitation: string }) {
  const [failure, setFailure] = useState('');
  useEffect(() => {
    document.title = 'Joining · tabletop';
    // The link leaves the address bar and the history at once: it is a secret until used.
    history.replaceState(
      null,
      '',
      `#/joining/${encodeURIComponent(id)}/${encodeURIComponent(seat)}`,
    );
    if (tokenFor(id, seat)) {
      location.replace(playHash(id, seat));
      return;
    }
    joinOnce(id, seat, invitation).then(
      () => location.replace(playHash(id, seat)),
      (error: unknown) => setFailure(joinFailure(error)),
    );
  }, [id, seat, invitation]);
  return (
    <main className="notice">
      {failure ? <p role="alert">{failure}</p> : <p>Taking your seat…</p>}
      <a href="#/">Back to the lobby</a>
    </main>
  );
}

function route(): string[] {
  return location.hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
}

/**
 * Routes live in the fragment, which browsers never send to the server: a
 * seat link's invitation stays in this browser, leaves the address bar at
 * once, and is traded for the seat's token, kept in localStorage.
 */
export function App() {
  const [parts, setParts] = useState(route);
  useEffect(() => {
    const changed = () => setParts(route());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  const [page, id, seat, invitation] = parts;
  if (page === 'join' && id && seat && invitation)
    return <JoinPage key={`${id}/${seat}`} id={id} seat={seat} invitation={invitation} />;
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
