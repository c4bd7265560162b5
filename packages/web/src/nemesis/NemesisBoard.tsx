import type { BoardProps } from '../Table.tsx';
import type { NemesisView } from './common.ts';
import { OddsPanel } from './OddsPanel.tsx';
import { Others } from './Others.tsx';
import { PanZoom } from './PanZoom.tsx';
import { Legend, roomCentre, Ship, shipSize } from './Ship.tsx';
import { Tracks } from './Tracks.tsx';
import { You, YourHand } from './You.tsx';
import './nemesis.css';

/**
 * The Nemesis table: the tracks and the Intruder board, the ship's map in a
 * pan-and-zoom box with its legend, the seat's own character, the odds, and
 * the other players. It draws the view's fields; every word about a thing
 * comes from the words (`useWords`), each thing with its hover card.
 *
 * What the page exposes to tests and tools:
 * - every thing with words carries `data-thing="<key>"` (its hover card's key);
 *   a thing the question offers has the class `offered` (a button), the things
 *   of the same kind not offered have `dim` (on the map);
 * - `.tracks` (`.time .cell`, `.cell.now`, `[data-time]`, `[data-self-destruct]`,
 *   `[data-pod]`), `.map` with `.pan-zoom[data-scale]`, `.pan-zoom-box`,
 *   `[data-zoom="in|out|reset"]`, `.ship-legend li[data-seat][data-acting]`;
 * - `.ship`: `[data-room]` (`.room-name`, `.unexplored`, `.peeked`),
 *   `[data-corridor]`, `[data-technical]`, `[data-intruder][data-kind]`,
 *   `.character[data-seat][data-marker]` (`.acting` when the table waits for
 *   it), `[data-token]`, `.more` ("+N" occupants);
 * - `.you` (aria-label "You"): `.hand .card[data-card]`, `.inventory
 *   [data-item]`, `.weapons [data-weapon]`, `.wounds`, `.conditions`,
 *   `.objectives .objective-card` with `.parts li.holds|fails|unknown`;
 * - `.others` (aria-label "Players"): `.player[data-seat][data-acting]`.
 */
export function NemesisBoard(props: BoardProps) {
  const view = props.view as NemesisView;
  const board = { ...props, view };
  const mine = view.players.find((player) => player.seat === view.you?.seat);
  return (
    <div className="nemesis">
      <Tracks {...board} />
      <section className="map" aria-label="The ship">
        <PanZoom
          ratio={shipSize.height / shipSize.width}
          centre={mine ? roomCentre(mine.room) : undefined}
        >
          <Ship {...board} />
        </PanZoom>
        <Legend {...board} />
      </section>
      <YourHand {...board} />
      <You {...board} />
      {props.live && view.you && (
        <OddsPanel
          live={props.live}
          tiles={new Map(view.rooms.map((room) => [room.number, room.tile]))}
        />
      )}
      <Others {...board} />
    </div>
  );
}
