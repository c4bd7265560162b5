import { join } from 'node:path';
import { type LogEntry, SqliteStorage } from '@tabletop/server';
import {
  call,
  createAndJoin,
  expectStatus,
  fiveSeatsFourBots,
  type Host,
  type Json,
  startHost,
} from './audit-wire.js';

/**
 * Undo: a five-player Nemesis match (random bots in seats 1-4) where seat 0
 * starts a Move and takes it back, over and over, over HTTP. Once the server has stopped, the store's
 * log says what each action and each undo took, and its latest snapshot
 * whether any undo stored a state.
 */

export interface UndoFigures {
  rounds: number;
  undos: number;
  actions: number;
  bytes_per_action: number;
  bytes_per_undo: number;
  bytes_per_undo_max: number;
  /** The state as a snapshot stores it, at setup: what an undo storing a state would cost at least. */
  state_bytes: number;
  /** The latest snapshot's sequence number: 0 means no entry, undo or other, stored a state. */
  latest_snapshot_seq: number;
  elapsed_s: number;
}

/** A snapshot cadence longer than the match, so that only a state stored with an undo could appear. */
const noCadence = 1_000_000;

const startsMove = (action: Json) => action?.type === 'move';

/** What an entry takes in the store: its columns as the store writes them, in JSON. */
function entryBytes(entry: LogEntry): number {
  return [
    entry.kind,
    entry.seat,
    entry.idempotencyKey,
    JSON.stringify(entry.action),
    JSON.stringify(entry.events),
  ]
    .map((text) => Buffer.byteLength(text ?? ''))
    .reduce((sum, bytes) => sum + bytes, 0);
}

/** Seat 0's view once it has something to do (the bot plays in between). */
async function seatView(host: Host, matchId: string, token: string): Promise<Json> {
  for (let tries = 0; tries < 400; tries++) {
    const view = await expectStatus(200, host.url, 'GET', `/matches/${matchId}/view`, { token });
    if (view.actions.length > 0 || view.over) return view;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('seat 0 was never asked to act');
}

/** Answers the setup's questions with the first choice until seat 0 may start a Move. */
async function untilMoveOffered(host: Host, matchId: string, token: string): Promise<Json> {
  for (let step = 0; step < 100; step++) {
    const view = await seatView(host, matchId, token);
    if (view.actions.some(startsMove)) return view;
    const answer = await call(host.url, 'POST', `/matches/${matchId}/actions`, {
      token,
      body: { seq: view.seq, key: `setup-${step}`, action: view.actions[0] },
    });
    // A bot may act between the view and the answer: then the view is read again.
    if (answer.status !== 200 && answer.status !== 409) {
      throw new Error(`a setup answer was refused: ${answer.text.slice(0, 200)}`);
    }
  }
  throw new Error('seat 0 was never offered a Move');
}

export async function runUndo(options: { rounds: number; folder: string }): Promise<UndoFigures> {
  const started = performance.now();
  const db = join(options.folder, 'undo.db');
  const host = await startHost({ db, limits: 'lifted', snapshotEvery: noCadence });
  let matchId = '';
  try {
    const created = await createAndJoin(host.url, fiveSeatsFourBots, ['0']);
    matchId = created.id;
    const token = created.tokens['0']!;
    let view = await untilMoveOffered(host, matchId, token);
    for (let round = 0; round < options.rounds; round++) {
      const moved = await expectStatus(200, host.url, 'POST', `/matches/${matchId}/actions`, {
        token,
        body: { seq: view.seq, key: `move-${round}`, action: view.actions.find(startsMove) },
      });
      const undone = await call(host.url, 'POST', `/matches/${matchId}/undo`, {
        token,
        body: { seq: moved.seq, key: `undo-${round}` },
      });
      if (undone.status !== 200) throw new Error(`undo refused: ${undone.text.slice(0, 200)}`);
      view = await seatView(host, matchId, token);
    }
  } finally {
    await host.stop();
  }
  const storage = await SqliteStorage.open(db);
  try {
    const log = await storage.readLog(matchId, 0);
    const snapshot = await storage.latestSnapshot(matchId);
    const sizes = (kind: LogEntry['kind']) =>
      log.filter((entry) => entry.kind === kind).map(entryBytes);
    const undoSizes = sizes('undo');
    const actionSizes = sizes('action');
    const mean = (values: number[]) =>
      values.length === 0
        ? 0
        : Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
    return {
      rounds: options.rounds,
      undos: undoSizes.length,
      actions: actionSizes.length,
      bytes_per_action: mean(actionSizes),
      bytes_per_undo: mean(undoSizes),
      bytes_per_undo_max: Math.max(0, ...undoSizes),
      state_bytes: snapshot ? Buffer.byteLength(JSON.stringify(snapshot.state)) : 0,
      latest_snapshot_seq: snapshot?.seq ?? -1,
      elapsed_s: Number(((performance.now() - started) / 1000).toFixed(1)),
    };
  } finally {
    await storage.close();
  }
}
