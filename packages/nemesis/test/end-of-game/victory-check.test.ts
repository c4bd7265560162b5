import { nemesisInvariants } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import type { NemesisState } from '../../src/vocabulary/state.js';
import { jumpNow, objectives } from './the-end.js';

/** Moves every Action card a player owns out of the way, leaving them exactly these cards in hand. */
function onlyCards(seat: number, cards: string[]) {
  return (state: NemesisState) => {
    const player = state.players[seat]!;
    player.hand = [...cards];
    player.actionDeck.drawPile = [];
    player.actionDeck.discardPile = [];
    player.actionDeck.top = [];
  };
}

describe('Victory check', () => {
  it('engines: with 2 damaged the ship explodes; the hibernating die, the escaped do not', () => {
    const { table, victory, fate } = jumpNow(
      scenario({ players: 3 })
        .headedFor('earth')
        .engines('damaged', 'working', 'damaged')
        .character('1', { status: 'hibernating' })
        .character('2', { status: 'escaped' })
        .intruder('queen', 5),
    );
    expect(victory.shipDestroyed).toBe(true);
    expect(fate('1').death).toBe('the engines explode');
    expect(fate('2').survivedBy).toBe('escape-pod');
    expect(table.intruders()).toEqual([]);
    expect(table.state.killedIntruders).toContain('queen');
    // The end shows every engine's top token: nothing is secret once the game is over.
    expect(table.log()).toContain('The engines: 1 damaged, 2 working, 3 damaged');
  });

  it('engines: one damaged engine is not enough', () => {
    const { victory, fate } = jumpNow(
      scenario({ players: 2 })
        .headedFor('earth')
        .engines('damaged', 'working', 'working')
        .character('1', { status: 'hibernating' }),
    );
    expect(victory.shipDestroyed).toBe(false);
    expect(fate('1').survivedBy).toBe('hibernation');
  });

  it('coordinates: not headed for Earth, the hibernating die', () => {
    const { table, victory, fate } = jumpNow(
      scenario({ players: 3 })
        .headedFor('venus')
        .engines('working', 'working', 'working')
        .character('1', { status: 'hibernating' })
        .character('2', { status: 'escaped' }),
    );
    expect(victory.reached).toBe('venus');
    expect(fate('1').survivedBy).toBeNull();
    expect(fate('1').death).toBe('the ship reaches Venus, not Earth');
    expect(table.eventsOf('ship-arrives')[0]!.text).toBe('The ship was headed for Venus');
    expect(fate('2').survivedBy).toBe('escape-pod');
  });

  it('coordinates: the Quarantine objective keeps its owner alive on Mars', () => {
    const { fate } = jumpNow(
      scenario({ players: 2 })
        .headedFor('mars')
        .engines('working', 'working', 'working')
        .character('1', { status: 'hibernating' })
        .with(objectives(1, 'quarantine')),
    );
    expect(fate('1').survivedBy).toBe('hibernation');
    expect(fate('1').winner).toBe(true);
  });

  it('contamination: clean cards only are scanned, and the survivor lives', () => {
    const { table, fate } = jumpNow(
      scenario({ players: 2 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('1', { status: 'hibernating', hand: ['contamination-10'] })
        .with((state) => {
          state.infectedContamination = ['contamination-01'];
        }),
    );
    expect(fate('1').survivedBy).toBe('hibernation');
    expect(fate('1').drawn).toEqual([]);
    expect(table.player('1').scanned).toContain('contamination-10');
    expect(table.log()).toContain('Soldier scans 1 Contamination card: none is INFECTED');
  });

  it('contamination: one INFECTED card, all cards shuffled and 4 drawn; any Contamination card kills', () => {
    const cards = ['contamination-01', 'contamination-08', 'contamination-09', 'contamination-10'];
    const { table, fate } = jumpNow(
      scenario({ players: 2 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('1', { status: 'hibernating', hand: cards })
        .with((state) => {
          state.infectedContamination = ['contamination-01'];
        })
        .with(onlyCards(1, cards)),
    );
    expect([...fate('1').drawn].sort()).toEqual(cards);
    expect(fate('1').death).toBe('a Contamination card among the four drawn');
    expect(table.log()).toContain(
      'Soldier has an INFECTED card: all cards shuffled, 4 drawn, 4 of them Contamination',
    );
  });

  it('contamination kills in a launched pod too; the dead leave its occupants', () => {
    const cards = ['contamination-01', 'contamination-08', 'contamination-09', 'contamination-10'];
    const { table, fate } = jumpNow(
      scenario({ players: 2 })
        .character('1', { status: 'escaped', hand: cards })
        .with((state) => {
          state.infectedContamination = ['contamination-01'];
          state.pods[0]!.launched = true;
          state.pods[0]!.occupants = ['1'];
        })
        .with(onlyCards(1, cards)),
    );
    expect(fate('1').survivedBy).toBeNull();
    expect(table.state.pods[0]!.occupants).toEqual([]);
    // (The scenario took the other Action cards out of play; only the pods are checked here.)
    const podViolations = nemesisInvariants(table.state, table.tables).filter((line) =>
      line.includes('Pod'),
    );
    expect(podViolations).toEqual([]);
  });

  it('contamination: a Larva skips the scan and draws at once', () => {
    const { table, fate } = jumpNow(
      scenario({ players: 2 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('1', { status: 'hibernating', larva: true, hand: 5 }),
    );
    expect(fate('1').drawn).toHaveLength(4);
    expect(table.player('1').scanned).toEqual([]);
    // No Contamination card in a fresh deck: lucky.
    expect(fate('1').survivedBy).toBe('hibernation');
  });

  it('objectives: a survivor who meets their objective wins; result.winners and 1 point each', () => {
    const { table, fate } = jumpNow(
      scenario({ players: 2 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('1', { status: 'hibernating' })
        .with(objectives(1, 'salvaging-the-prime-asset'))
        .with(objectives(0, 'salvaging-the-prime-asset')),
    );
    expect(fate('1').winner).toBe(true);
    expect(fate('0').winner).toBe(false);
    const result = table.ruleset.result(table.state)!;
    expect(result.winners).toEqual(['1']);
    expect(result.scores).toEqual({ '0': 0, '1': 1 });
    expect(result.summary).toMatch(/Winners: Player 2 \(Soldier\)/);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it("objectives about other characters' fates: Player N's character does not survive", () => {
    const { fate } = jumpNow(
      scenario({ players: 3 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('1', { status: 'escaped' })
        .character('2', { status: 'escaped' })
        // Player 1 is seat 0, who dies in the jump; Player 2 is seat 1, who survives.
        .with(objectives(1, 'the-right-moment-to-strike'))
        .with(objectives(2, 'greener-pastures')),
    );
    expect(fate('1').winner).toBe(true);
    expect(fate('2').winner).toBe(false);
  });

  it('objectives: a survivor holding two Objectives must meet both', () => {
    const { fate } = jumpNow(
      scenario({ players: 2 })
        .headedFor('earth')
        .engines('working', 'working', 'working')
        .character('1', { status: 'escaped' })
        .with(objectives(1, 'salvaging-the-prime-asset', 'relentless-investigator')),
    );
    expect(fate('1').winner).toBe(false);
  });

  it('the end reveals every Objective, the Coordinates and the engines to everyone', () => {
    const { table } = jumpNow(
      scenario({ players: 2 })
        .headedFor('earth')
        .engines('working', 'damaged', 'working')
        .character('1', { status: 'hibernating' })
        .with(objectives(1, 'quarantine')),
    );
    const seen = table.view('0').over!.victory;
    expect(seen.coordinates).toBe(table.state.coordinates);
    expect(seen.engines).toEqual(['working', 'damaged', 'working']);
    expect(seen.fates.find((fate) => fate.seat === '1')!.objectives).toEqual(['quarantine']);
  });

  it('nobody survives: no winners', () => {
    const { table } = jumpNow(scenario({ players: 2 }));
    expect(table.ruleset.result(table.state)!.winners).toEqual([]);
    expect(table.ruleset.result(table.state)!.summary).toMatch(/Nobody survives/);
  });
});
