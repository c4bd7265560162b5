import { type Seat, shuffle } from '@tabletop/engine';
import { dropEverything } from '../combat/drop-everything.js';
import type { Destination } from '../content/effects.js';
import { destinationName } from '../describe/destinations.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import type { Fate, PlayerState, TeamVerdict, VictoryCheck } from '../vocabulary/state.js';
import { damagedEngines } from './engines.js';
import {
  objectivesMet,
  shipHeadsTo,
  survival,
  type TeamCards,
  type TheEnd,
  teamCards,
  teamObjectiveMet,
} from './objectives-check.js';

export { shipHeadsTo, type TheEnd } from './objectives-check.js';

/**
 * The victory check, once the game has ended and someone left the ship
 * alive, in the player aid's order:
 * 1. Engines: two or three damaged, and the ship explodes: everyone still
 *    aboard, hibernating or not, dies, and every Intruder.
 * 2. Coordinates: the card read at the Destination marker says where the
 *    ship went; anywhere but Earth, the hibernating die (an objective may
 *    name other safe destinations: Quarantine's Mars). Pods count as Earth.
 * 3. Contamination: each survivor scans every Contamination card they own;
 *    with one INFECTED (or a Larva, which skips the scan) all their cards
 *    are shuffled and four drawn: any Contamination card among them kills.
 * 4. Objectives: each survivor's Objectives are revealed and checked; a
 *    survivor who meets them all wins.
 */

function dieAtTheEnd(
  game: Game,
  player: PlayerState,
  deaths: Map<Seat, string>,
  cause: string,
): void {
  // Off the board, what they hold leaves with them; the dead no longer count among a pod's occupants.
  dropEverything(game, player, null);
  for (const pod of game.state.pods) {
    const seat = pod.occupants.indexOf(player.seat);
    if (seat >= 0) pod.occupants.splice(seat, 1);
  }
  player.status = 'dead';
  player.pod = null;
  player.death = { cause, room: player.room, round: game.state.round };
  deaths.set(player.seat, cause);
}

/** Every Action card a player owns, wherever it lies. */
function allCards(player: PlayerState): string[] {
  const deck = player.actionDeck;
  return [...player.hand, ...deck.top, ...deck.drawPile, ...deck.bottom, ...deck.discardPile];
}

/** Step 3 for one survivor: returns the four cards drawn, if it came to drawing. */
function checkContamination(game: Game, player: PlayerState): string[] {
  const { tables, state } = game;
  const cards = allCards(player);
  const contamination = cards.filter((card) => tables.contamination.has(card));
  if (!player.larva) {
    for (const card of contamination) if (!player.scanned.includes(card)) player.scanned.push(card);
    if (!contamination.some((card) => state.infectedContamination.includes(card))) return [];
  }
  const shuffled = shuffle(state.random, cards);
  const drawn = shuffled.slice(0, 4);
  player.hand = drawn;
  player.actionDeck.top = [];
  player.actionDeck.bottom = [];
  player.actionDeck.drawPile = shuffled.slice(4);
  player.actionDeck.discardPile = [];
  return drawn;
}

/**
 * Runs the victory check on a game just over. `deaths` holds those the end
 * itself killed (the jump, the explosion), with the cause.
 */
export function victoryCheck(
  game: Game,
  shipDestroyedAtTheEnd: boolean,
  deaths: Map<Seat, string>,
): VictoryCheck {
  const { state } = game;
  let shipDestroyed = shipDestroyedAtTheEnd;
  const alive = () => state.players.filter((player) => survival(player) !== null);
  const drawn = new Map<Seat, string[]>();
  let reached: Destination | null = null;

  if (alive().length > 0) {
    // 1. Engines
    if (!shipDestroyed)
      announce(
        game,
        'engines-checked',
        `The engines: ${state.engines.map((engine, index) => `${index + 1} ${engine.top}`).join(', ')}`,
        { engines: state.engines.map((engine) => engine.top) },
      );
    if (!shipDestroyed && damagedEngines(game) >= 2) {
      shipDestroyed = true;
      for (const player of alive())
        if (player.status === 'hibernating')
          dieAtTheEnd(game, player, deaths, 'the engines explode');
      state.killedIntruders.push(...state.intruders.map((intruder) => intruder.kind));
      state.intruders.length = 0;
      announce(game, 'engines-explode', 'Two or more engines are damaged: the ship explodes');
    }
    // 2. Coordinates
    if (!shipDestroyed) {
      reached = shipHeadsTo(game);
      announce(game, 'ship-arrives', `The ship was headed for ${destinationName(reached)}`, {
        reached,
      });
      for (const player of alive()) {
        if (player.status !== 'hibernating') continue;
        const safe = player.objectives.some((objective) =>
          game.tables.objectives.get(objective)?.hibernationSafeAt.includes(reached!),
        );
        if (!safe)
          dieAtTheEnd(
            game,
            player,
            deaths,
            `the ship reaches ${destinationName(reached)}, not Earth`,
          );
      }
    }
    // 3. Contamination
    for (const player of alive()) {
      const owned = allCards(player).filter((card) => game.tables.contamination.has(card)).length;
      const cards = checkContamination(game, player);
      const name = characterName(game, player);
      if (cards.length === 0) {
        announce(
          game,
          'contamination-check',
          owned === 0
            ? `${name} holds no Contamination card`
            : `${name} scans ${owned} Contamination card${owned === 1 ? '' : 's'}: none is INFECTED`,
          { seat: player.seat },
        );
        continue;
      }
      drawn.set(player.seat, cards);
      const among = cards.filter((card) => game.tables.contamination.has(card)).length;
      announce(
        game,
        'contamination-check',
        `${name} ${player.larva ? 'carries a Larva' : 'has an INFECTED card'}: all cards shuffled, 4 drawn, ${among} of them Contamination`,
        { seat: player.seat, drawn: among },
      );
      if (among > 0) dieAtTheEnd(game, player, deaths, 'a Contamination card among the four drawn');
    }
  }

  // 4. Objectives
  const end: TheEnd = {
    game,
    shipDestroyed,
    reached,
    survivors: new Set(alive().map((player) => player.seat)),
    team: teamCards(game),
  };
  const team = end.team ? teamVerdict(end, end.team) : null;
  const fates: Fate[] = state.players.map((player) => {
    const survivedBy = survival(player);
    return {
      seat: player.seat,
      character: player.character,
      survivedBy,
      death: survivedBy
        ? null
        : (deaths.get(player.seat) ?? player.death?.cause ?? 'died during the game'),
      objectives: [...player.objectives],
      drawn: [...(drawn.get(player.seat) ?? [])],
      winner: team ? team.won : survivedBy !== null && objectivesMet(end, player),
    };
  });
  if (team) announceTeamVerdict(game, team);
  for (const fate of fates) {
    const player = state.players[Number(fate.seat)]!;
    const name = characterName(game, player);
    announce(
      game,
      'fate',
      fate.survivedBy
        ? `${name} survives (${fate.survivedBy})${team ? '' : ` and ${fate.winner ? 'wins' : 'does not meet their Objective'}`}`
        : `${name} is dead (${fate.death})`,
      { seat: fate.seat, winner: fate.winner, objectives: fate.objectives },
    );
  }
  return {
    engines: state.engines.map((engine) => engine.top),
    coordinates: state.coordinates,
    destination: state.destination,
    reached,
    shipDestroyed,
    fates,
    team,
  };
}

function teamVerdict(end: TheEnd, team: TeamCards): TeamVerdict {
  const objectives = team.objectives.map((objective) => ({
    objective,
    met: end.survivors.size > 0 && teamObjectiveMet(end, objective),
  }));
  return {
    objectives,
    signals: { sent: team.signallers, needed: team.signalsNeeded },
    // Every card met, read from the verdicts above rather than checked again.
    won: end.survivors.size > 0 && objectives.every((card) => card.met),
  };
}

function announceTeamVerdict(game: Game, team: TeamVerdict): void {
  for (const { objective, met } of team.objectives) {
    const name = game.tables.objectives.get(objective)?.name ?? objective;
    announce(game, 'team-objective', `The team's Objective ${name} is ${met ? 'met' : 'not met'}`, {
      objective,
      met,
    });
  }
  announce(game, 'team-verdict', team.won ? 'The team wins together' : 'The team loses together', {
    won: team.won,
  });
}
