import type { BoardProps } from '../Table.tsx';
import type { NemesisView } from './common.ts';
import { OddsPanel } from './OddsPanel.tsx';
import { Others } from './Others.tsx';
import { PanZoom } from './PanZoom.tsx';
import { Legend, roomCentre, Ship, shipSize } from './Ship.tsx';
import { Tracks } from './Tracks.tsx';
import { You } from './You.tsx';
import './nemesis.css';

/**
 * The Nemesis table: the tracks and the Intruder board, the ship's map in a
 * pan-and-zoom box with its legend, the seat's own character, the odds, and
 * the other players. It draws the view's fields; every word about a thing
 * comes from the words (`useWords`), each thing with its hover card.
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
