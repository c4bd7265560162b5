import { botChoice, eventsFor, type GameEvent, type Seat, seedRandom } from '@tabletop/engine';
import { createNemesis, type NemesisView, randomBot } from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const nemesis = createNemesis();

/**
 * One thing on the table a seat watches change, and the events that may
 * account for it: each names the thing (its room, corridor, Intruder, seat
 * or pod) in a field of its own, so a log line can point at it.
 */
interface Change {
  what: string;
  accountedBy: (event: GameEvent) => boolean;
}

const same = (value: unknown, wanted: unknown) => value === wanted;
const includes = (list: unknown, wanted: unknown) => Array.isArray(list) && list.includes(wanted);

/** An event about this room: where it happened, or one end of a move. */
const aboutRoom = (room: number) => (event: GameEvent) =>
  same(event.room, room) || same(event.from, room) || same(event.to, room);

const aboutSeat = (seat: Seat) => (event: GameEvent) =>
  same(event.seat, seat) || includes(event.seats, seat) || same(event.partner, seat);

const aboutIntruder = (id: number) => (event: GameEvent) =>
  same(event.intruder, id) || includes(event.intruders, id) || includes(event.movers, id);

const aboutCorridor = (index: number, ends: readonly number[]) => (event: GameEvent) =>
  same(event.corridor, index) ||
  includes(event.corridors, index) ||
  ends.some((room) => aboutRoom(room)(event));

const ofType =
  (...types: string[]) =>
  (event: GameEvent) =>
    types.includes(event.type);

const either =
  (...tests: ((event: GameEvent) => boolean)[]) =>
  (event: GameEvent) =>
    tests.some((test) => test(event));

function changes(before: NemesisView, after: NemesisView): Change[] {
  const found: Change[] = [];
  const differs = (one: unknown, other: unknown) => JSON.stringify(one) !== JSON.stringify(other);
  before.rooms.forEach((room, index) => {
    const now = after.rooms[index]!;
    for (const field of ['explored', 'fire', 'malfunction', 'objects'] as const)
      if (differs(room[field], now[field]))
        found.push({ what: `room ${room.number} ${field}`, accountedBy: aboutRoom(room.number) });
  });
  before.corridors.forEach((corridor, index) => {
    const now = after.corridors[index]!;
    for (const field of ['noise', 'door'] as const)
      if (corridor[field] !== now[field])
        found.push({
          what: `corridor ${corridor.ends.join('-')} ${field}`,
          accountedBy: aboutCorridor(corridor.index, corridor.ends),
        });
  });
  if (before.technicalCorridorNoise !== after.technicalCorridorNoise)
    found.push({
      what: 'Technical Corridor noise',
      accountedBy: (event) => same(event.corridor, 'technical') || event.type.startsWith('noise'),
    });
  const ids = new Set([...before.intruders, ...after.intruders].map((intruder) => intruder.id));
  for (const id of ids) {
    const was = before.intruders.find((intruder) => intruder.id === id);
    const is = after.intruders.find((intruder) => intruder.id === id);
    const about = either(aboutIntruder(id), ofType('engines-explode'));
    if (!was || !is)
      found.push({ what: `Intruder #${id} ${was ? 'gone' : 'new'}`, accountedBy: about });
    else if (was.room !== is.room || was.injuries !== is.injuries)
      found.push({ what: `Intruder #${id} moved or hurt`, accountedBy: about });
  }
  before.players.forEach((player, index) => {
    const now = after.players[index]!;
    const fields = [
      'room',
      'status',
      'lightWounds',
      'slime',
      'larva',
      'signal',
      'carried',
    ] as const;
    for (const field of fields)
      if (differs(player[field], now[field]))
        found.push({
          what: `seat ${player.seat} ${field}`,
          accountedBy: either(aboutSeat(player.seat), ofType('engines-explode', 'ship-arrives')),
        });
    if (player.seriousWounds.length !== now.seriousWounds.length)
      found.push({
        what: `seat ${player.seat} Serious Wounds`,
        accountedBy: aboutSeat(player.seat),
      });
  });
  if (before.time !== after.time || before.selfDestruct !== after.selfDestruct)
    found.push({
      what: 'the tracks',
      accountedBy: ofType('time', 'self-destruct-started', 'self-destruct-stopped'),
    });
  if (before.nestEggs !== after.nestEggs)
    found.push({
      what: 'the Nest',
      accountedBy: ofType('nest-destroyed', 'eggs-destroyed', 'egg-hatches', 'egg-laid', 'pick-up'),
    });
  if (differs(before.weaknesses, after.weaknesses))
    found.push({ what: 'the Weaknesses', accountedBy: ofType('weakness-revealed') });
  before.pods.forEach((pod, index) => {
    const now = after.pods[index]!;
    if (pod.locked !== now.locked || pod.launched !== now.launched)
      found.push({
        what: `pod ${pod.number}`,
        accountedBy: (event) =>
          same(event.pod, pod.number) ||
          includes(event.pods, pod.number) ||
          event.type === 'pods-unlocked',
      });
  });
  return found;
}

describe('The log tells the whole story', () => {
  it('whenever a step changes what a seat sees on the table, the events that seat gets for it account for the change: random games of 1-5 players, both modes', () => {
    const unaccounted = new Map<string, string>();
    let steps = 0;
    for (let game = 0; game < 30; game++) {
      const players = 1 + (game % 5);
      const mode = players > 1 && game % 2 === 1 ? 'cooperative' : 'standard';
      const seed = `the log tells ${game}`;
      const state = nemesis.setup(nemesis.options.parse({ players, mode }), seed);
      const random = seedRandom(`${seed}/bots`);
      const viewers: (Seat | 'spectator')[] = [...nemesis.seats(state), 'spectator'];
      for (let step = 0; step < 3_000 && state.over === null; step++) {
        const seat = nemesis.prompts(state)[0]!.seats[0]!;
        const before = viewers.map((viewer) => nemesis.view(state, viewer));
        const action = botChoice(nemesis, randomBot, state, seat, random);
        const outcome = nemesis.apply(state, seat, action);
        if (!outcome.ok) throw new Error(outcome.rejection.message);
        steps++;
        viewers.forEach((viewer, index) => {
          const events = eventsFor(outcome.events, viewer);
          for (const change of changes(before[index]!, nemesis.view(state, viewer)))
            if (!events.some(change.accountedBy)) {
              const kind = change.what.replace(/\d+(-\d+)?/g, 'N');
              if (!unaccounted.has(kind))
                unaccounted.set(
                  kind,
                  `${seed}, step ${step}, seen by ${viewer}: ${change.what} after ${JSON.stringify(action)}; events: ${events.map((event) => event.type).join(', ')}`,
                );
            }
        });
      }
    }
    expect([...unaccounted.values()]).toEqual([]);
    expect(steps).toBeGreaterThan(5_000);
  });
});
