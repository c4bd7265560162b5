import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../../src/combat/death.js';
import { sufferLightWounds, sufferSeriousWounds } from '../../src/combat/wounds.js';

describe('Wounds and death', () => {
  it('the third Light Wound becomes a Serious Wound', () => {
    const table = scenario({ players: 2 }).character('0', { lightWounds: 2 }).build();
    sufferLightWounds(table.game(), table.player('0'), 1, 'test');
    expect(table.player('0').lightWounds).toBe(0);
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });

  it('the Serious Wound is announced to all by the name of its face-up card', () => {
    const table = scenario({ players: 2 })
      .character('0', { lightWounds: 2 })
      .stackSeriousWounds(['arm-2'])
      .build();
    sufferLightWounds(table.game(), table.player('0'), 1, 'an Intruder attack');
    const [wound] = table.eventsOf('serious-wound');
    expect(wound!.audience).toBe('all');
    expect(wound!.text).toBe(
      `Captain suffers a Serious Wound: ${table.tables.seriousWounds.get('arm-2')!.name} (a third Light Wound)`,
    );
    expect(wound!.text).toMatch(/: Arm/);
  });

  it('a Serious Wound draws a card from the Serious Wound deck', () => {
    const table = scenario({ players: 2 }).stackSeriousWounds(['arm-2']).build();
    sufferSeriousWounds(table.game(), table.player('0'), 1, 'test');
    expect(table.player('0').seriousWounds).toEqual([{ card: 'arm-2', dressed: false }]);
  });

  it('a character with three Serious Wounds dies from any further wound, even a Light one', () => {
    const table = scenario({ players: 2 }).character('0', { seriousWounds: 3 }).build();
    sufferLightWounds(table.game(), table.player('0'), 1, 'test');
    expect(table.player('0').status).toBe('dead');
  });

  it('death leaves a Corpse where the character died and drops every heavy object there', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('0', { room: 6, carried: ['egg', 'carcass'], hand: 3 })
      .build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.room(6).objects.sort()).toEqual(['carcass', 'corpse', 'egg']);
    expect(table.player('0')).toMatchObject({ status: 'dead', carried: [], hand: [], weapons: [] });
  });

  it('the first death unlocks every Escape Pod', () => {
    const table = scenario({ players: 3 }).build();
    killCharacter(table.game(), table.player('1'), 'test');
    expect(table.state.pods.every((pod) => !pod.locked)).toBe(true);
    expect(table.state.firstDeathDone).toBe(true);
  });

  it('when no character is left active the game ends', () => {
    const table = scenario({ players: 2 }).build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.state.over).toBeNull();
    killCharacter(table.game(), table.player('1'), 'test');
    expect(table.state.over?.reason).toBe('no-character-active');
    expect(table.ruleset.result(table.state)?.summary).toMatch(/Nobody survives/);
  });

  it('the last active character hibernating ends the game: sleepers survive the jump', () => {
    const table = scenario({ players: 2 })
      .headedFor('earth')
      .engines('working', 'working', 'working')
      .character('1', { status: 'hibernating' })
      .build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.state.over?.reason).toBe('no-character-active');
    expect(table.ruleset.result(table.state)?.details).toMatchObject({
      survivors: [{ seat: '1', where: 'hibernating' }],
    });
  });

  it('with the self-destruct running, the end of every active character destroys the ship and the sleepers', () => {
    const table = scenario({ players: 2 })
      .character('1', { status: 'hibernating' })
      .selfDestruct(1)
      .build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.player('1').status).toBe('dead');
  });
});

describe('Wounds and death', () => {
  it('Light Wounds below three stay Light', () => {
    const table = scenario({ players: 1 }).build();
    sufferLightWounds(table.game(), table.player('0'), 2, 'test');
    expect(table.player('0').lightWounds).toBe(2);
    expect(table.player('0').seriousWounds).toHaveLength(0);
  });

  it('up to three Serious Wounds a character lives; a fourth kills', () => {
    const table = scenario({ players: 2 }).build();
    sufferSeriousWounds(table.game(), table.player('0'), 3, 'test');
    expect(table.player('0').status).toBe('active');
    expect(table.player('0').seriousWounds).toHaveLength(3);
    sufferSeriousWounds(table.game(), table.player('0'), 1, 'test');
    expect(table.player('0').status).toBe('dead');
    expect(table.room(11).objects).toEqual(['corpse']);
  });

  it('the Fire wound at the end of a round kills a character with three Serious Wounds, who drops everything where they die', () => {
    const table = scenario({ players: 2 })
      .room(6, { explored: true, fire: true })
      .room(11, { fire: true })
      .character('0', { seriousWounds: 3, carried: ['carcass'] })
      .stackNoise(['silence', 'silence'])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    table.take('0', { type: 'move', to: 11, cards: [table.player('0').hand[0]!] });
    expect(table.player('0').status).toBe('dead');
    expect(table.room(11).objects.sort()).toEqual(['carcass', 'corpse']);
    expect(table.eventsOf('death')).toMatchObject([{ seat: '0', room: 11 }]);
  });

  it('only the first death unlocks the pods: one locked again stays locked at the next death', () => {
    const table = scenario({ players: 3 }).build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.state.pods.every((pod) => !pod.locked)).toBe(true);
    table.state.pods[0]!.locked = true;
    killCharacter(table.game(), table.player('1'), 'test');
    expect(table.state.pods[0]!.locked).toBe(true);
    expect(table.eventsOf('pods-unlocked')).toHaveLength(1);
  });

  it('the dead hold nothing: hand to the discard pile, objects and corpse on the floor', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', 'contamination-03'], carried: ['egg'] })
      .build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.player('0').hand).toEqual([]);
    expect(table.player('0').actionDeck.discardPile).toEqual(
      expect.arrayContaining(['captain-rest', 'contamination-03']),
    );
    expect(table.room(11).objects.sort()).toEqual(['corpse', 'egg']);
  });
});

describe('Serious Wound cards', () => {
  it('a leg wound makes an Escape cost one more card', () => {
    const table = scenario({ players: 1 })
      .explored(6)
      .intruder('adult', 11)
      .character('0', { seriousWounds: ['leg-1'] })
      .build();
    const [first, second] = table.player('0').hand;
    // One card named, a second is still asked for.
    const after = table.answers('0', { type: 'move', to: 6, cards: [first!] });
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((answer) => answer.type === 'card')).toBe(true);
    table.take('0', { type: 'move', to: 6, cards: [first!, second!] });
    expect(table.player('0').actionDeck.discardPile).toEqual(
      expect.arrayContaining([first, second]),
    );
  });
  it('a leg wound does not change an ordinary move', () => {
    const table = scenario({ players: 1 })
      .explored(6)
      .character('0', { seriousWounds: ['leg-1'] })
      .stackNoise(['silence'])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.player('0').room).toBe(6);
  });

  it('a body wound draws the hand up to 4 instead of 5', () => {
    const table = scenario({ players: 1 })
      .character('0', { seriousWounds: ['body-1'], hand: 0 })
      .stackBag(['blank'])
      .build();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.player('0').hand).toHaveLength(4);
  });

  it('bleeding costs a Light Wound each time the character passes', () => {
    const table = scenario({ players: 1 })
      .character('0', { seriousWounds: ['bleeding-1'] })
      .stackBag(['blank'])
      .build();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.player('0').lightWounds).toBe(1);
  });

  it('a character bleeding to death as they pass has passed first: the log tells the pass, then the death', () => {
    const table = scenario({ players: 2 })
      .character('0', { seriousWounds: ['bleeding-1', 'body-1', 'hand-1'], lightWounds: 2 })
      .stackBag(['blank'])
      .build();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.player('0').status).toBe('dead');
    const types = table.events.map((event) => event.type);
    expect(types).toContain('pass');
    const death = types.findIndex(
      (type, index) => index > types.indexOf('pass') && /death|dies/.test(type),
    );
    expect(death).toBeGreaterThan(types.indexOf('pass'));
    expect(types.slice(0, types.indexOf('pass')).some((type) => /death|dies/.test(type))).toBe(
      false,
    );
  });

  it('a dressed wound has no effect', () => {
    const table = scenario({ players: 1 })
      .character('0', { seriousWounds: ['bleeding-1', 'body-1'], hand: 0 })
      .with((state) => {
        for (const wound of state.players[0]!.seriousWounds) wound.dressed = true;
      })
      .stackBag(['blank'])
      .build();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.player('0').lightWounds).toBe(0);
    expect(table.player('0').hand).toHaveLength(5);
  });
});
