import { createNemesis, nemesisInvariants } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { jump } from '../../src/end-of-game/end-of-game.js';
import { jumpNow, objectives } from '../end-of-game/the-end.js';

const nemesis = createNemesis();
const soloCoop = [...nemesis.tables.objectives.values()]
  .filter((objective) => objective.type === 'solo-co-op')
  .map((objective) => objective.id);

function setup(options: object, seed = 'modes') {
  return nemesis.setup(nemesis.options.parse(options), seed);
}

describe('The solo game', () => {
  it('the Corporate and Personal decks are not used: the player is dealt 2 Solo/Co-op cards', () => {
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const [player] = setup({ players: 1 }, seed).players;
      expect(player!.objectives).toHaveLength(2);
      for (const card of player!.objectives) expect(soloCoop).toContain(card);
    }
  });

  it('the player keeps one of the two at the first Encounter', () => {
    const table = scenario({ players: 1 }).build();
    const [first, second] = table.player('0').objectives;
    table.resolve({ kind: 'first-encounter', waiting: ['0'] });
    expect(table.legal('0')).toEqual([
      { type: 'choose-objective', keep: first },
      { type: 'choose-objective', keep: second },
    ]);
    table.act('0', { type: 'choose-objective', keep: second! });
    expect(table.player('0').objectives).toEqual([second]);
    expect(table.state.objectivesDiscarded).toContain(first);
  });

  it('one character, 2 Escape Pods and 3 + 1 Adults in the bag', () => {
    const state = setup({ players: 1, characters: ['soldier'] });
    expect(state.players).toHaveLength(1);
    expect(state.pods).toHaveLength(2);
    const adults = state.bag.tokens.filter(
      (token) => nemesis.tables.intruderTokens.get(token)?.kind === 'adult',
    );
    expect(adults).toHaveLength(4);
  });

  it('wins by surviving and meeting the kept Objective', () => {
    const { victory, fate } = jumpNow(
      scenario({ players: 1 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('0', { status: 'hibernating' })
        .with(objectives(0, 'destination-earth')),
    );
    expect(fate('0').winner).toBe(true);
    expect(victory.team).toBeNull();
  });

  it('a survivor whose kept Objective is not met loses', () => {
    const { fate } = jumpNow(
      scenario({ players: 1 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('0', { status: 'hibernating' })
        .with(objectives(0, 'first-contact-protocol')),
    );
    expect(fate('0').survivedBy).toBe('hibernation');
    expect(fate('0').winner).toBe(false);
  });

  it('a game that ends before any Encounter counts either card', () => {
    const { fate } = jumpNow(
      scenario({ players: 1 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('0', { status: 'hibernating' })
        .with(objectives(0, 'first-contact-protocol', 'destination-earth')),
    );
    expect(fate('0').objectives).toEqual(['first-contact-protocol', 'destination-earth']);
    expect(fate('0').winner).toBe(true);
  });

  it('a solo Captain holds no Corporate card: The Right Moment to Strike is never dealt', () => {
    for (const seed of ['1', '2', '3', '4', '5', '6', '7', '8']) {
      const state = setup({ players: 1, characters: ['captain'] }, seed);
      expect(state.players[0]!.objectives).not.toContain('the-right-moment-to-strike');
    }
  });
});

describe('The cooperative variant', () => {
  it('is for 2 to 5 players: one player is refused, naming the option', () => {
    const parsed = nemesis.options.safeParse({ players: 1, mode: 'cooperative' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['mode']);
    expect(parsed.error?.issues[0]?.message).toMatch(/2-5 players/);
  });

  it('the standard game stays the default', () => {
    expect(nemesis.options.parse({ players: 3 }).mode).toBe('standard');
    const state = setup({ players: 3 });
    for (const player of state.players)
      expect(player.objectives.map((card) => nemesis.tables.objectives.get(card)?.type)).toEqual([
        'corporate',
        'personal',
      ]);
  });

  it('one Solo/Co-op card per player, shown to everyone as the team’s goal', () => {
    const state = setup({ players: 4, mode: 'cooperative' });
    const team = state.players.flatMap((player) => player.objectives);
    expect(team).toHaveLength(4);
    expect(new Set(team).size).toBe(4);
    for (const card of team) expect(soloCoop).toContain(card);
    for (const viewer of ['0', '2', 'spectator'] as const) {
      const view = nemesis.view(state, viewer);
      expect(view.mode).toBe('cooperative');
      expect(view.teamObjectives).toEqual(team);
    }
    // The standard game shows no team's goal.
    expect(nemesis.view(setup({ players: 4 }), '0').teamObjectives).toBeNull();
  });

  it('no Objective choice at the first Encounter', () => {
    const table = scenario({ players: 3, mode: 'cooperative' }).build();
    const before = table.state.players.map((player) => [...player.objectives]);
    table.resolve({ kind: 'first-encounter', waiting: ['0', '1', '2'] });
    for (const seat of ['0', '1', '2'])
      expect(table.legal(seat).some((action) => action.type === 'choose-objective')).toBe(false);
    expect(table.state.players.map((player) => player.objectives)).toEqual(before);
    expect(before.every((cards) => cards.length === 1)).toBe(true);
  });

  it('the team wins together when every drawn Objective is met and one character survives: the dead win too', () => {
    const { table, victory, fate } = jumpNow(
      scenario({ players: 3, mode: 'cooperative' })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('0', { status: 'hibernating' })
        .character('1', { status: 'dead' })
        .character('2', { status: 'dead' })
        .with(objectives(0, 'destination-earth'))
        .with(objectives(1, 'destination-earth'))
        .with(objectives(2, 'destination-earth')),
    );
    expect(victory.team?.won).toBe(true);
    expect(['0', '1', '2'].map((seat) => fate(seat).winner)).toEqual([true, true, true]);
    const result = nemesis.result(table.state)!;
    expect(result.winners).toEqual(['0', '1', '2']);
    expect(result.summary).toContain('The team wins together.');
  });

  it('otherwise everyone loses, the survivors too', () => {
    const { table, victory, fate } = jumpNow(
      scenario({ players: 2, mode: 'cooperative' })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('0', { status: 'hibernating' })
        .character('1', { status: 'escaped' })
        .with(objectives(0, 'destination-earth'))
        .with(objectives(1, 'first-contact-protocol')),
    );
    expect(victory.team?.objectives).toEqual([
      { objective: 'destination-earth', met: true },
      { objective: 'first-contact-protocol', met: false },
    ]);
    expect([fate('0').winner, fate('1').winner]).toEqual([false, false]);
    expect(nemesis.result(table.state)!.winners).toEqual([]);
    expect(table.log()).toContain('The team loses together');
  });

  it('with nobody alive the team loses, whatever was met', () => {
    const table = scenario({ players: 2, mode: 'cooperative' })
      .with(objectives(0, 'first-contact-protocol'))
      .with(objectives(1, 'first-contact-protocol'))
      .with((state) => {
        for (const weakness of state.weaknesses) weakness.revealed = true;
      })
      .build();
    table.perform((game) => jump(game));
    const victory = table.state.over!.victory;
    expect(victory.team?.won).toBe(false);
    expect(victory.fates.every((fate) => !fate.winner)).toBe(true);
  });

  it('a card needing the Signal is met by any one character having sent it, alive or dead', () => {
    const { victory } = jumpNow(
      scenario({ players: 2, mode: 'cooperative' })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .explored(...Array.from({ length: 21 }, (_, index) => index + 1))
        .character('0', { status: 'hibernating' })
        .character('1', { status: 'dead', signal: true })
        .with(objectives(0, 'no-man-left-behind'))
        .with(objectives(1, 'destination-earth')),
    );
    expect(victory.team?.signals).toEqual({ sent: 1, needed: 1 });
    expect(victory.team?.won).toBe(true);
  });

  it('two cards needing the Signal need two different characters to have sent it', () => {
    const all = Array.from({ length: 21 }, (_, index) => index + 1);
    const check = (signals: boolean[]) =>
      jumpNow(
        scenario({ players: 3, mode: 'cooperative' })
          .headedFor('earth')
          .engines('working', 'working', 'working')
          .explored(...all)
          .character('0', { status: 'hibernating', signal: signals[0] })
          .character('1', { status: 'hibernating', signal: signals[1] })
          .character('2', { status: 'escaped', signal: signals[2] })
          .with((state) => {
            state.nestEggs = 0;
          })
          .with(objectives(0, 'no-man-left-behind'))
          .with(objectives(1, 'clean-up-crew'))
          .with(objectives(2, 'destination-earth')),
      ).victory.team!;
    expect(check([true, false, false]).won).toBe(false);
    expect(check([true, false, false]).signals).toEqual({ sent: 1, needed: 2 });
    expect(check([false, true, true]).won).toBe(true);
  });

  it('No Man Left Behind asks for every room on the board explored: one left unexplored fails it, shut behind closed doors too', () => {
    const all = Array.from({ length: 21 }, (_, index) => index + 1);
    const check = (explored: number[]) =>
      jumpNow(
        scenario({ players: 2, mode: 'cooperative' })
          .headedFor('earth')
          .engines('working', 'working', 'working')
          .explored(...explored)
          // Room 10 cut off: both its corridors' doors closed.
          .door([5, 10], 'closed')
          .door([10, 13], 'closed')
          .character('0', { status: 'hibernating', signal: true })
          .character('1', { status: 'escaped' })
          .with(objectives(0, 'no-man-left-behind'))
          .with(objectives(1, 'destination-earth')),
      ).victory.team!.objectives[0];
    expect(check(all)).toEqual({ objective: 'no-man-left-behind', met: true });
    expect(check(all.filter((room) => room !== 10))).toEqual({
      objective: 'no-man-left-behind',
      met: false,
    });
  });

  it('Special Delivery: any survivor carrying an Egg meets it', () => {
    const check = (carrier: '0' | '1') =>
      jumpNow(
        scenario({ players: 2, mode: 'cooperative' })
          .headedFor('earth')
          .engines('working', 'working', 'working')
          .character('0', { status: 'hibernating', carried: carrier === '0' ? ['egg'] : [] })
          .character('1', { status: 'escaped', carried: carrier === '1' ? ['egg'] : [] })
          .with(objectives(0, 'special-delivery'))
          .with(objectives(1, 'destination-earth')),
      ).victory.team!;
    expect(check('0').won).toBe(true);
    expect(check('1').won).toBe(true);
  });
});

describe('Emergency Post-Mortem and the blue Corpse', () => {
  it('the blue Corpse lies in the Hibernatorium at set-up, in every mode', () => {
    for (const options of [{ players: 1 }, { players: 3 }, { players: 4, mode: 'cooperative' }])
      expect(setup(options).rooms[10]!.objects).toEqual(['blue-corpse']);
  });

  it('holds when the blue Corpse lies in the Surgery at the victory check; carried there does not count', () => {
    const check = (lying: boolean) =>
      jumpNow(
        scenario({ players: 1, blueCorpse: false })
          .headedFor('earth')
          .engines('working', 'working', 'working')
          .room(6, { explored: true, tile: 'surgery', objects: lying ? ['blue-corpse'] : [] })
          .character('0', { status: 'hibernating', carried: lying ? [] : ['blue-corpse'] })
          .with(objectives(0, 'emergency-post-mortem')),
      ).fate('0').winner;
    expect(check(true)).toBe(true);
    expect(check(false)).toBe(false);
  });

  it('an ordinary Corpse in the Surgery does not count', () => {
    const { fate } = jumpNow(
      scenario({ players: 1 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .room(6, { explored: true, tile: 'surgery', objects: ['corpse'] })
        .character('0', { status: 'hibernating' })
        .with(objectives(0, 'emergency-post-mortem')),
    );
    expect(fate('0').winner).toBe(false);
  });

  it('A Proper Burial asks for the blue Corpse, not any Corpse', () => {
    const check = (object: 'corpse' | 'blue-corpse') =>
      jumpNow(
        scenario({ players: 2 })
          .headedFor('earth')
          .engines('working', 'working', 'working')
          .character('1', { status: 'escaped', signal: true, carried: [object] })
          .with(objectives(1, 'a-proper-burial')),
      ).fate('1').winner;
    expect(check('blue-corpse')).toBe(true);
    expect(check('corpse')).toBe(false);
  });

  it('the blue Corpse is a Character Corpse to research, and can be picked up', () => {
    const table = scenario({ players: 2, blueCorpse: true }).build();
    expect(table.room(11).objects).toEqual(['blue-corpse']);
    expect(table.legal('0')).toContainEqual({ type: 'pick-up' });
    table.take('0', {
      type: 'pick-up',
      object: 'blue-corpse',
      cards: [table.player('0').hand[0]!],
    });
    expect(table.player('0').carried).toEqual(['blue-corpse']);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });
});
