import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Room 6 is an unexplored "2" slot next to the Hibernatorium (11); its corridors lead to 2, 5, 7 and 11.
const corridorsOfSix = [
  [2, 6],
  [5, 6],
  [6, 7],
  [6, 11],
] as const;

function explore(token: string, build = scenario({ players: 2 })) {
  const table = build.room(6, { explorationToken: token }).build();
  table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
  return table;
}

describe('Exploration', () => {
  it('turns the room tile face up and removes its Exploration token from the game', () => {
    const table = explore('fire-1', scenario({ players: 2 }).stackNoise(['silence']));
    expect(table.room(6).explored).toBe(true);
    expect(table.room(6).explorationToken).toBeNull();
    expect(table.view('1').rooms[5]!.tile).toBe(table.room(6).tile);
  });

  it('an unexplored room shows no tile to anyone', () => {
    const table = scenario({ players: 2 }).build();
    expect(table.view('0').rooms[5]).toMatchObject({ explored: false, tile: null });
  });

  it('Silence: nothing happens and no Noise roll', () => {
    const table = explore('silence-1');
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
    expect(table.state.corridors.some((corridor) => corridor.noise)).toBe(false);
  });

  it('Silence with a Slime marker resolves Danger instead', () => {
    const table = explore('silence-1', scenario({ players: 2 }).character('0', { slime: true }));
    for (const ends of corridorsOfSix) {
      expect(table.state.corridors[table.corridor(ends[0], ends[1])]!.noise).toBe(true);
    }
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });

  it('Danger: Intruders in neighbouring rooms and not in Combat move into the room', () => {
    const table = explore(
      'danger-1',
      scenario({ players: 2 })
        .explored(7, 5)
        .intruder('adult', 7)
        .intruder('creeper', 5)
        .character('1', { room: 5 }),
    );
    expect(table.intruders(6).map((intruder) => intruder.kind)).toEqual(['adult']);
    expect(table.intruders(5).map((intruder) => intruder.kind)).toEqual(['creeper']);
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });

  it('Danger with no Intruder near: a Noise marker in each corridor of the room that has none', () => {
    const table = explore('danger-2');
    for (const ends of corridorsOfSix)
      expect(table.state.corridors[table.corridor(ends[0], ends[1])]!.noise).toBe(true);
  });

  it('Danger with no Intruder near: the log says each Noise marker it places', () => {
    const table = explore('danger-2');
    const told = table.eventsOf('noise').map((event) => event.corridor);
    expect(told.sort()).toEqual(
      corridorsOfSix.map((ends) => table.corridor(ends[0], ends[1])).sort(),
    );
  });

  it('Slime: the character gets a Slime marker, then a Noise roll', () => {
    const table = explore('slime-1', scenario({ players: 2 }).stackNoise(['silence']));
    expect(table.player('0').slime).toBe(true);
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
  });

  it('Fire: a Fire marker in the room, then a Noise roll', () => {
    const table = explore('fire-2', scenario({ players: 2 }).stackNoise(['silence']));
    expect(table.room(6).fire).toBe(true);
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
  });

  it('Malfunction: a Malfunction marker in the room, then a Noise roll', () => {
    const table = explore(
      'malfunction-1',
      scenario({ players: 2 }).room(6, { tile: 'storage' }).stackNoise(['silence']),
    );
    expect(table.room(6).malfunction).toBe(true);
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
  });

  it('Doors: a closed Door in the corridor used to enter', () => {
    const table = explore('doors-1', scenario({ players: 2 }).stackNoise(['silence']));
    expect(table.state.corridors[table.corridor(6, 11)]!.door).toBe('closed');
    expect(table.state.corridors.filter((corridor) => corridor.door !== 'open')).toHaveLength(1);
  });

  it('no Noise roll when another character is already in the room', () => {
    const table = explore('fire-1', scenario({ players: 2 }).character('1', { room: 6 }));
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });

  it('Careful Movement cancels Danger and the Noise roll', () => {
    const table = scenario({ players: 2 })
      .room(6, { explorationToken: 'danger-1' })
      .explored(7)
      .intruder('adult', 7)
      .build();
    const noise = table.corridor(2, 6);
    const [first, second] = table.player('0').hand;
    table.take('0', { type: 'careful-move', to: 6, noise, cards: [first!, second!] });
    expect(table.intruders(7)).toHaveLength(1);
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
    expect(
      table.state.corridors.filter((corridor) => corridor.noise).map((corridor) => corridor.index),
    ).toEqual([noise]);
  });
});
