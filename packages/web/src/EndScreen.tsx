import type { NemesisView } from '@tabletop/nemesis';
import type { FightView } from '@tabletop/outgunned';
import type { Fate, VictoryCheck } from '../../nemesis/src/vocabulary/state.ts';
import { pretty } from './choices.ts';
import { type Result, server } from './client.ts';
import { Conditions, Thing } from './HoverCard.tsx';
import { seatName } from './people.ts';
import { useWords, type Words } from './words.ts';

/** The Nemesis victory check, when the result details carry one (all of it public once the game is over). */
function victoryOf(details: unknown): VictoryCheck | null {
  const victory = (details as { victoryCheck?: VictoryCheck } | null | undefined)?.victoryCheck;
  return victory && Array.isArray(victory.fates) ? victory : null;
}

function named(words: Words, key: string, fallback: string): string {
  return words.entry(key)?.name ?? pretty(fallback);
}

type Death = NonNullable<NemesisView['players'][number]['death']>;

/** Where and when a character died, from the final view: "in room 7 (Storage), round 4". */
function whereAndWhen(words: Words, death: Death | undefined): string {
  if (!death) return '';
  const room = words.entry(`room:${death.room}`)?.name;
  const place = room && !room.includes(String(death.room)) ? `room ${death.room} (${room})` : room;
  return `, in ${place ?? `room ${death.room}`}, round ${death.round}`;
}

function FateCard({ fate, death }: { fate: Fate; death?: Death }) {
  const words = useWords();
  return (
    <article
      className={`fate ${fate.winner ? 'winner' : ''} ${fate.survivedBy ? 'alive' : 'dead'}`}
      data-seat={fate.seat}
    >
      <h3>
        {seatName(words, fate.seat)}
        {fate.character && !seatName(words, fate.seat).includes('(') && (
          <> ({named(words, `character:${fate.character}`, fate.character)})</>
        )}
      </h3>
      <p className="fate-line">
        {fate.survivedBy ? (
          <>Survived: {pretty(fate.survivedBy)}</>
        ) : (
          <>
            Died{fate.death ? `: ${fate.death}` : ''}
            {whereAndWhen(words, death)}
          </>
        )}
      </p>
      <p className={fate.winner ? 'verdict wins' : 'verdict loses'}>
        {fate.winner ? 'Wins' : 'Does not win'}
      </p>
      {fate.objectives.map((objective) => {
        const entry = words.entry(`objective:${objective}`);
        return (
          <div key={objective} className="fate-objective">
            <Thing thing={`objective:${objective}`}>
              Objective: {entry?.name ?? pretty(objective)}
            </Thing>
            <Conditions parts={entry?.parts} className="conditions" over />
          </div>
        );
      })}
      {fate.drawn.length > 0 && (
        <p className="contamination">
          Contamination check drew:{' '}
          {fate.drawn.map((card, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the four cards drawn never change order
            <span key={`${card}-${index}`}>
              {index > 0 && ', '}
              <Thing thing={`card:${card}`}>{named(words, `card:${card}`, card)}</Thing>
            </span>
          ))}
        </p>
      )}
    </article>
  );
}

function NemesisEnd({ victory, view }: { victory: VictoryCheck; view: unknown }) {
  const words = useWords();
  const players = (view as Partial<NemesisView> | undefined)?.players;
  const deathOf = (seat: string) =>
    (Array.isArray(players) ? players.find((player) => player.seat === seat)?.death : null) ??
    undefined;
  return (
    <div className="victory-check">
      <dl className="ship-end">
        <div>
          <dt>Engines</dt>
          <dd>{victory.engines.map((engine) => pretty(engine)).join(', ') || 'none'}</dd>
        </div>
        <div>
          <dt>Coordinates</dt>
          <dd>
            {pretty(victory.coordinates)}, destination {victory.destination}
          </dd>
        </div>
        <div>
          <dt>The ship</dt>
          <dd>
            {victory.shipDestroyed
              ? 'was destroyed'
              : `reached ${victory.reached ? pretty(victory.reached) : 'nowhere'}`}
          </dd>
        </div>
      </dl>
      {victory.team && (
        <section className="team-verdict" aria-label="The team's Objectives">
          <p className={victory.team.won ? 'verdict wins' : 'verdict loses'}>
            {victory.team.won ? 'The team wins together' : 'The team loses together'}
          </p>
          <ul>
            {victory.team.objectives.map(({ objective, met }) => (
              <li key={objective} className={met ? 'holds' : 'fails'}>
                <Thing thing={`objective:${objective}`}>
                  {named(words, `objective:${objective}`, objective)}
                </Thing>
                : {met ? 'met' : 'not met'}
              </li>
            ))}
          </ul>
          <p>
            Signals sent by {victory.team.signals.sent} character
            {victory.team.signals.sent === 1 ? '' : 's'}, {victory.team.signals.needed} needed
          </p>
        </section>
      )}
      <div className="fates">
        {victory.fates.map((fate) => (
          <FateCard key={fate.seat} fate={fate} death={deathOf(fate.seat)} />
        ))}
      </div>
    </div>
  );
}

/** The end of a match: who won, each character's fate and why, and the way to the replay and the record. */
export function EndScreen({
  result,
  seat,
  matchId,
  view,
}: {
  result: Result | null;
  seat: string;
  matchId?: string;
  /** The final view: a seat's name may come from it (an Outgunned hero's). */
  view?: unknown;
}) {
  const words = useWords();
  if (!result) return null;
  const victory = victoryOf(result.details);
  const heroes = (view as Partial<FightView> | undefined)?.heroes;
  const nameOf = (who: string) => {
    const hero = Array.isArray(heroes) ? heroes.find((each) => each.seat === who) : undefined;
    return hero ? `${seatName(words, who)} (${hero.name})` : seatName(words, who);
  };
  const winners = result.winners.map(nameOf);
  return (
    <section className="result" aria-labelledby="game-over">
      <h2 id="game-over">Game over</h2>
      <p className="winners">
        {winners.length === 0
          ? 'Nobody wins.'
          : `${winners.length === 1 ? 'Winner' : 'Winners'}: ${winners.join(', ')}.`}
        {seat !== 'spectator' && (result.winners.includes(seat) ? ' You win.' : ' You lose.')}
      </p>
      <p>{result.summary}</p>
      {victory && <NemesisEnd victory={victory} view={view} />}
      {!victory && result.scores && (
        <ul className="scores">
          {Object.entries(result.scores).map(([who, score]) => (
            <li key={who}>
              {nameOf(who)}: {score}
            </li>
          ))}
        </ul>
      )}
      {matchId && (
        <p className="after">
          <a href={`#/replay/${encodeURIComponent(matchId)}/${encodeURIComponent(seat)}`}>
            Watch the replay
          </a>{' '}
          ·{' '}
          <a href={server.recordLink(matchId)} download={`match-${matchId}.json`}>
            Download the match record
          </a>
        </p>
      )}
    </section>
  );
}
