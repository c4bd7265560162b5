import { useWords } from '../words.ts';
import {
  type NemesisProps,
  nameOf,
  plainName,
  seatColour,
  seatMarkers,
  seatName,
} from './common.ts';
import { HtmlThing, roveGroup } from './things.tsx';

/** A track's cells: the current one marked, zones coloured, the end cell last. */
function Cells({
  length,
  at,
  zone,
  zoneFrom,
  end,
  off,
  mark,
}: {
  length: number;
  at: number | null;
  zone: string;
  zoneFrom: number;
  end: string;
  off?: boolean;
  /** A mark before this cell (where hibernation opens). */
  mark?: number;
}) {
  return (
    <span className={`cells${off ? ' off' : ''}`} aria-hidden="true">
      {Array.from({ length: length + 1 }, (_, index) => {
        const last = index === length;
        const classes = [
          'cell',
          last ? 'end' : index >= zoneFrom ? zone : 'plain',
          index === at ? 'now' : '',
          at !== null && index < at ? 'past' : '',
          mark === index ? 'mark' : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a track's cells are its places
          <span key={index} className={classes}>
            {last ? end : length - index}
          </span>
        );
      })}
    </span>
  );
}

/** The tracks, the Intruder board, the decks, the pods and what this seat knows of the ship. */
export function Tracks(props: NemesisProps) {
  const { view } = props;
  const words = useWords();
  const you = view.you;
  const { board } = view;
  const markers = seatMarkers(words, view);
  const first = view.players[view.firstPlayer];
  const timeLeft = board.time.jumpAfter - view.time;
  return (
    <section className="tracks" {...roveGroup('Tracks')}>
      <div className="track-row">
        <span className="block">
          <span>
            Round <b>{view.round}</b>
          </span>{' '}
          <HtmlThing thing={`phase:${view.phase}`}>
            {nameOf(words, `phase:${view.phase}`, view.phase)}
          </HtmlThing>
          {first && (
            <>
              {' · '}
              <HtmlThing
                thing={`seat:${first.seat}`}
                label={`First player: ${seatName(words, view, first.seat)}`}
              >
                First player {seatName(words, view, first.seat)}
              </HtmlThing>
            </>
          )}
        </span>
        <HtmlThing
          thing="track:time"
          className="block track time"
          label={`${nameOf(words, 'track:time', 'time')}: ${timeLeft} of ${board.time.jumpAfter} left${view.hibernationOpen ? ', hibernation open' : ''}`}
          data-time={view.time}
        >
          <span className="track-name">{nameOf(words, 'track:time', 'time')}</span>
          <Cells
            length={board.time.jumpAfter}
            at={view.time}
            zone="blue"
            zoneFrom={board.time.hibernationOpensAfter}
            end="jump"
            mark={board.time.hibernationOpensAfter}
          />
          {view.hibernationOpen && (
            <span className="track-value">
              {nameOf(words, 'track:hibernation', 'hibernation')} ✓
            </span>
          )}
        </HtmlThing>
        <HtmlThing
          thing="track:self-destruct"
          className="block track self-destruct"
          label={`${nameOf(words, 'track:self-destruct', 'self-destruct')}: ${view.selfDestruct === null ? 'off' : `${board.selfDestruct.explodesAfter - view.selfDestruct} left`}`}
          data-self-destruct={view.selfDestruct ?? 'off'}
        >
          <span className="track-name">
            {nameOf(words, 'track:self-destruct', 'self-destruct')}
          </span>
          <Cells
            length={board.selfDestruct.explodesAfter}
            at={view.selfDestruct}
            zone="yellow"
            zoneFrom={board.selfDestruct.yellowAfter}
            end="☠"
            off={view.selfDestruct === null}
          />
          <span className="track-value">
            {view.selfDestruct === null
              ? 'off'
              : board.selfDestruct.explodesAfter - view.selfDestruct}
          </span>
        </HtmlThing>
        <span className="block">
          <HtmlThing thing="track:destination">
            {nameOf(words, 'track:destination', 'destination')} <b>{view.destination}</b>
          </HtmlThing>{' '}
          <HtmlThing thing="track:coordinates">
            {nameOf(words, 'track:coordinates', 'coordinates')}{' '}
            <b>
              {you?.coordinates
                ? nameOf(words, `coordinates:${you.coordinates}`, you.coordinates)
                : '?'}
            </b>
          </HtmlThing>
        </span>
      </div>
      <div className="track-row">
        <span className="block weaknesses">
          {view.weaknesses.map((weakness, index) =>
            weakness ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the slots of the Intruder board
              <HtmlThing key={index} thing={`weakness:${weakness}`} className="chip revealed">
                {nameOf(words, `weakness:${weakness}`, weakness)}
              </HtmlThing>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the slots of the Intruder board
              <HtmlThing key={index} thing={`weakness-slot:${index}`} className="chip hidden-card">
                {nameOf(words, `weakness-slot:${index}`, `weakness ${index + 1}`)} ?
              </HtmlThing>
            ),
          )}
        </span>
        <HtmlThing thing="track:nest" className="block">
          {nameOf(words, 'track:nest', 'nest')} <b>{view.nestEggs}</b>
          {view.eggsDestroyed > 0 ? ` (−${view.eggsDestroyed})` : ''}
        </HtmlThing>
        <HtmlThing thing="track:bag" className="block">
          {nameOf(words, 'track:bag', 'bag')} <b>{view.bagSize}</b>
        </HtmlThing>
        <HtmlThing thing="track:event-deck" className="block">
          {nameOf(words, 'track:event-deck', 'event deck')} <b>{view.eventDeck.drawPile}</b>{' '}
          (discard {view.eventDeck.discardPile.length})
        </HtmlThing>
        <HtmlThing thing="track:attack-deck" className="block">
          {nameOf(words, 'track:attack-deck', 'attack deck')} <b>{view.attackDeck.drawPile}</b>{' '}
          (discard {view.attackDeck.discardPile.length})
        </HtmlThing>
        {view.airlock !== null && (
          <HtmlThing thing="token:airlock" className="block">
            {nameOf(words, 'token:airlock', 'airlock')} <b>{view.airlock}</b>
          </HtmlThing>
        )}
      </div>
      <div className="track-row">
        <span className="block pods">
          {view.pods.map((pod) => (
            <HtmlThing
              key={pod.number}
              thing={`pod:${pod.number}`}
              className={`chip pod${pod.launched ? ' launched' : pod.locked ? ' locked' : ''}`}
              data-pod={pod.number}
            >
              {nameOf(words, `pod:${pod.number}`, `pod ${pod.number}${pod.section}`)}
              {pod.launched ? ' · launched' : pod.locked ? ' · locked' : ''}
              {pod.occupants.map((seat) => (
                <span
                  key={seat}
                  className="marker small"
                  style={{ background: seatColour(view, seat) }}
                >
                  {markers.get(seat)}
                </span>
              ))}
            </HtmlThing>
          ))}
        </span>
        {you && you.engines.length > 0 && (
          <span className="block engines">
            {you.engines
              .map((status, index) => ({ status, number: index + 1 }))
              .map(({ status, number }) => (
                <HtmlThing
                  key={number}
                  thing={`engine:${number}`}
                  className={`chip engine ${status ?? 'unknown'}`}
                >
                  {nameOf(words, `engine:${number}`, `engine ${number}`)}:{' '}
                  {status ? plainName(status) : '?'}
                </HtmlThing>
              ))}
          </span>
        )}
        {you && you.peeked.length > 0 && (
          <span className="block peeked">
            {you.peeked.map((peek) => (
              <HtmlThing key={peek.room} thing={`room:${peek.room}`} className="chip">
                {peek.room}: {nameOf(words, `tile:${peek.tile}`, peek.tile)}
                {peek.token ? ` · ${nameOf(words, `exploration:${peek.token}`, peek.token)}` : ''}
              </HtmlThing>
            ))}
          </span>
        )}
      </div>
    </section>
  );
}
