import { useWords } from '../words.ts';
import {
  acting,
  type NemesisProps,
  nameOf,
  type PlayerView,
  plainName,
  seatColour,
  seatMarkers,
  seatName,
} from './common.ts';
import { HtmlThing, MarkerChips, roveGroup } from './things.tsx';
import { Parts } from './You.tsx';

function Player({
  props,
  player,
  marker,
  waited,
}: {
  props: NemesisProps;
  player: PlayerView;
  marker: string;
  waited: boolean;
}) {
  const { view } = props;
  const words = useWords();
  const death = player.death?.cause ?? null;
  const first = view.players[view.firstPlayer]?.seat === player.seat;
  const seen =
    view.you?.objectivesSeen.find((known) => known.seat === player.seat)?.objectives ?? [];
  const pod =
    player.pod === null ? null : view.pods.find((candidate) => candidate.number === player.pod);
  return (
    <li
      className={`player${waited ? ' acting' : ''}${player.status !== 'active' ? ' out' : ''}`}
      data-seat={player.seat}
      data-acting={waited ? 'yes' : 'no'}
      style={{ borderColor: seatColour(view, player.seat) }}
    >
      <p className="player-head">
        <span className="marker" style={{ background: seatColour(view, player.seat) }}>
          {marker}
        </span>{' '}
        <HtmlThing thing={`seat:${player.seat}`} className="inline">
          <b>{seatName(words, view, player.seat)}</b>
        </HtmlThing>
        {player.seat === view.you?.seat ? ' · you' : ''}
        {first ? ' · first player' : ''}
        {waited ? <span className="acting-note"> · to act</span> : ''}
      </p>
      <p>
        {player.status === 'active' ? (
          <HtmlThing thing={`room:${player.room}`} className="inline">
            {nameOf(words, `room:${player.room}`, `room ${player.room}`)}
          </HtmlThing>
        ) : (
          plainName(player.status)
        )}
        {pod && (
          <>
            {' · '}
            <HtmlThing thing={`pod:${pod.number}`} className="inline">
              {nameOf(words, `pod:${pod.number}`, `pod ${pod.number}`)}
            </HtmlThing>
          </>
        )}
        {player.passed ? ' · passed' : ''}
        {death ? ` · ${death}` : ''}
      </p>
      <p className="counts">
        <span>hand {player.handSize}</span> <span>items {player.items}</span>{' '}
        <span>deck {player.deckSize}</span>{' '}
        {player.lightWounds > 0 && (
          <HtmlThing thing="wound:light" className="inline">
            {nameOf(words, 'wound:light', 'light wounds')} {player.lightWounds}
          </HtmlThing>
        )}
      </p>
      {(player.seriousWounds.length > 0 ||
        player.weapons.length > 0 ||
        player.heavyItems.length > 0 ||
        player.questItems.length > 0 ||
        player.craftedItems.length > 0 ||
        player.quests.length > 0 ||
        player.slime ||
        player.signal ||
        player.carried.length > 0) && (
        <p className="chips">
          {player.weapons.map((weapon, index) => (
            <HtmlThing
              // biome-ignore lint/suspicious/noArrayIndexKey: two copies of a weapon
              key={`w-${weapon.id}-${index}`}
              thing={`weapon:${weapon.id}`}
              className="chip"
            >
              {nameOf(words, `weapon:${weapon.id}`, weapon.id)} {weapon.ammo}/{weapon.capacity}
            </HtmlThing>
          ))}
          {[...player.heavyItems, ...player.questItems, ...player.craftedItems].map(
            (item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two copies of an item
              <HtmlThing key={`i-${item}-${index}`} thing={`item:${item}`} className="chip">
                {nameOf(words, `item:${item}`, item)}
              </HtmlThing>
            ),
          )}
          {player.quests.map((quest) => (
            <HtmlThing key={`q-${quest}`} thing={`item:${quest}`} className="chip quest">
              {nameOf(words, `item:${quest}`, quest)} (quest)
            </HtmlThing>
          ))}
          {player.carried.map((object, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: objects of a kind are alike
            <HtmlThing key={`c-${object}-${index}`} thing={`token:${object}`} className="chip">
              {nameOf(words, `token:${object}`, object)}
            </HtmlThing>
          ))}
          {player.seriousWounds.map((wound, index) => {
            const key = wound.dressed || !wound.card ? 'wound:dressed' : `wound:${wound.card}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: two Serious Wounds may be alike
              <HtmlThing key={`s-${index}`} thing={key} className="chip wound">
                {nameOf(words, key, wound.card ?? 'dressed')}
              </HtmlThing>
            );
          })}
          <MarkerChips player={player} />
        </p>
      )}
      {seen.length > 0 && (
        <div className="seen-objectives">
          {seen.map((objective) => (
            <HtmlThing key={objective} thing={`objective:${objective}`} className="objective-card">
              <span className="card-name">
                {nameOf(words, `objective:${objective}`, objective)}
              </span>
              <Parts entry={words.entry(`objective:${objective}`)} />
            </HtmlThing>
          ))}
        </div>
      )}
    </li>
  );
}

/** Every player, one card each (wrapping, never a wide table); the ones the table waits for marked. */
export function Others(props: NemesisProps) {
  const words = useWords();
  const markers = seatMarkers(words, props.view);
  const waiting = acting(props);
  return (
    <section className="others" {...roveGroup('Players')}>
      <h2>Players</h2>
      <ul className="players">
        {props.view.players.map((player) => (
          <Player
            key={player.seat}
            props={props}
            player={player}
            marker={markers.get(player.seat) ?? '?'}
            waited={waiting.has(player.seat)}
          />
        ))}
      </ul>
    </section>
  );
}
