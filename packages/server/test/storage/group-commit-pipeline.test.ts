import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/storage/group-commit.js';
import { SqliteStorage } from '../../src/storage/sqlite.js';
import { entry, newMatch } from '../storage-suite.js';

/**
 * Group commit with batches in flight: what is added while the allowed
 * batches commit waits for the next one, no more batches than allowed are
 * ever committing, and `drain` waits for every item.
 */

/** A commit that holds each batch until the test lets it go. */
function heldCommits(inFlight: number) {
  const batches: { items: number[]; release: () => void }[] = [];
  let committing = 0;
  let mostAtOnce = 0;
  const group = new GroupCommit<number>(
    (items) =>
      new Promise<void>((resolve) => {
        committing++;
        mostAtOnce = Math.max(mostAtOnce, committing);
        batches.push({
          items,
          release: () => {
            committing--;
            resolve();
          },
        });
      }),
    inFlight,
  );
  return { group, batches, mostAtOnce: () => mostAtOnce };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('group commit with batches in flight', () => {
  it('with two allowed, a second batch starts while the first commits, and a third waits for one of them', async () => {
    const { group, batches, mostAtOnce } = heldCommits(2);
    group.add(1);
    group.add(2);
    await turn();
    group.add(3);
    await turn();
    group.add(4);
    group.add(5);
    await turn();
    expect(batches.map(({ items }) => items)).toEqual([[1, 2], [3]]);
    batches[0]!.release();
    await turn();
    await turn();
    expect(batches.map(({ items }) => items)).toEqual([[1, 2], [3], [4, 5]]);
    expect(mostAtOnce()).toBe(2);
  });

  it('with one allowed, the next batch waits for the first to commit', async () => {
    const { group, batches, mostAtOnce } = heldCommits(1);
    group.add(1);
    await turn();
    group.add(2);
    await turn();
    expect(batches.map(({ items }) => items)).toEqual([[1]]);
    batches[0]!.release();
    await turn();
    await turn();
    expect(batches.map(({ items }) => items)).toEqual([[1], [2]]);
    expect(mostAtOnce()).toBe(1);
  });

  it('drain resolves only once every item added is committed', async () => {
    const { group, batches } = heldCommits(2);
    for (const item of [1, 2, 3]) {
      group.add(item);
      await turn();
    }
    let drained = false;
    const draining = group.drain().then(() => {
      drained = true;
    });
    for (let released = 0; released < 3; released++) {
      await turn();
      expect(drained).toBe(false);
      batches[released]!.release();
      await turn();
    }
    await draining;
    expect(batches.map(({ items }) => items)).toEqual([[1], [2], [3]]);
  });

  it("on a SQLite file, an append sent while the match's previous one is still committing follows it", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tabletop-pipeline-'));
    const storage = await SqliteStorage.open(join(folder, 'tabletop.db'));
    try {
      await storage.createMatch(newMatch('m'));
      const answers: Promise<unknown>[] = [];
      for (let seq = 1; seq <= 6; seq++) {
        answers.push(storage.append('m', entry(seq, `key-${seq}`)));
        await turn();
      }
      expect(await Promise.all(answers)).toEqual(answers.map(() => ({ ok: true })));
      expect((await storage.readLog('m', 0)).map((logged) => logged.seq)).toEqual([
        1, 2, 3, 4, 5, 6,
      ]);
    } finally {
      await storage.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
