import type { ReactNode } from 'react';
import { useWords, type Words } from '../words.ts';
import {
  acting,
  asking,
  type BoardView,
  fields,
  type IntruderView,
  type NemesisProps,
  nameOf,
  offered,
  type PlayerView,
  plainName,
  type RoomView,
  seatColour,
  seatMarkers,
  seatName,
} from './common.ts';
import layout from './layout.json';
import { roveGroup, SvgThing } from './things.tsx';

const [width, height] = layout.size as [number, number];
const [roomWidth, roomHeight] = layout.room as [number, number];
const positions = layout.rooms as Record<string, { x: number; y: number }>;

export const shipSize = { width, height };

/** A room's centre as fractions of the map's width and height. */
export function roomCentre(room: number): { x: number; y: number } {
  const { x, y } = at(room);
  return { x: x / width, y: y / height };
}

function at(room: number): { x: number; y: number } {
  return positions[String(room)] ?? { x: roomWidth / 2 + 4, y: roomHeight / 2 + 4 };
}

/** About how many characters of the room's name fit on one line of the room. */
const lineChars = 17;

/** A name on at most two lines, split between words; a longer one is drawn smaller, never cut. */
export function nameLines(name: string): { lines: string[]; small: boolean } {
  const words = name.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= lineChars)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= 2) return { lines, small: lines.some((line) => line.length > lineChars) };
  return { lines: [lines[0]!, lines.slice(1).join(' ')], small: true };
}

/** The Noise numbers of each corridor and of each room's Technical Corridor entrance, from the view's board. */
function exitNumbers(board: BoardView) {
  const corridors = new Map<number, number[]>();
  const technical = new Map<number, number[]>();
  for (const { room, exits } of board.exits) {
    for (const exit of exits) {
      if (exit.corridor === 'technical') technical.set(room, exit.numbers);
      else if (!corridors.has(exit.corridor)) corridors.set(exit.corridor, exit.numbers);
    }
  }
  return { corridors, technical };
}

function roomName(
  words: Words,
  props: NemesisProps,
  room: RoomView,
): { name: string; seen: boolean } {
  if (room.explored && room.tile)
    return { name: nameOf(words, `tile:${room.tile}`, room.tile), seen: false };
  const peek = props.view.you?.peeked.find((peeked) => peeked.room === room.number);
  if (peek) return { name: nameOf(words, `tile:${peek.tile}`, peek.tile), seen: true };
  // "Room 4: Unexplored room" as the words name it, without the number the room shows already.
  const named = words.entry(`room:${room.number}`)?.name;
  const prefix = `Room ${room.number}: `;
  return { name: named?.startsWith(prefix) ? named.slice(prefix.length) : '?', seen: false };
}

/** An occupant of a room: a character's disc or an Intruder. */
type Occupant =
  | { kind: 'player'; player: PlayerView }
  | { kind: 'intruder'; intruder: IntruderView };

/** Slots in the middle of a room, one row: more than that and the last shows "+N". */
const occupantSlots = 5;
const slotWidth = 25;

/** One outline per Intruder kind, about a centre, within a radius of 11. */
function IntruderShape({ kind }: { kind: string }) {
  switch (kind) {
    case 'larva':
      return <ellipse rx={10} ry={7} />;
    case 'creeper':
      return <polygon points="0,-11 10,8 -10,8" />;
    case 'adult':
      return <polygon points="0,-11 11,0 0,11 -11,0" />;
    case 'breeder':
      return <polygon points="-5.5,-10 5.5,-10 11,0 5.5,10 -5.5,10 -11,0" />;
    case 'queen':
      return <polygon points="0,-11 3,-4 11,-4 5,2 7,11 0,6 -7,11 -5,2 -11,-4 -3,-4" />;
    default:
      return <circle r={10} />;
  }
}

function Intruder({
  props,
  intruder,
  x,
  y,
}: {
  props: NemesisProps;
  intruder: IntruderView;
  x: number;
  y: number;
}) {
  const words = useWords();
  const kindName = nameOf(words, `intruder-kind:${intruder.kind}`, intruder.kind);
  const pick = offered(props, fields.intruder, intruder.id);
  const dim = asking(props, fields.intruder) && !pick;
  return (
    <SvgThing
      thing={`intruder:${intruder.id}`}
      fallback={kindName}
      describe={
        intruder.injuries > 0
          ? `${intruder.injuries} ${intruder.injuries === 1 ? 'injury' : 'injuries'}`
          : undefined
      }
      className={`intruder kind-${intruder.kind}${dim ? ' dim' : ''}`}
      choose={pick ? () => props.choose(intruder.id) : undefined}
      data-intruder={intruder.id}
      data-kind={intruder.kind}
    >
      <g transform={`translate(${x} ${y})`}>
        <IntruderShape kind={intruder.kind} />
        <text y={4} className="intruder-letter">
          {kindName.charAt(0).toUpperCase()}
        </text>
        {Array.from({ length: Math.min(intruder.injuries, 4) }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: injury pips are alike
          <circle key={index} className="injury" cx={-6.75 + index * 4.5} cy={13.5} r={1.8} />
        ))}
      </g>
    </SvgThing>
  );
}

function Character({
  props,
  player,
  marker,
  x,
  y,
}: {
  props: NemesisProps;
  player: PlayerView;
  marker: string;
  x: number;
  y: number;
}) {
  const words = useWords();
  const active = acting(props).has(player.seat);
  return (
    <SvgThing
      thing={`seat:${player.seat}`}
      fallback={seatName(words, props.view, player.seat)}
      describe={active ? 'to act' : undefined}
      className={`character${active ? ' acting' : ''}${player.seat === props.view.you?.seat ? ' mine' : ''}`}
      data-seat={player.seat}
      data-marker={marker}
    >
      <g transform={`translate(${x} ${y})`}>
        {active && <circle r={12.5} className="acting-ring" />}
        <circle r={10} fill={seatColour(props.view, player.seat)} className="disc" />
        <text y={4}>{marker}</text>
      </g>
    </SvgThing>
  );
}

function Token({
  thing,
  fallback,
  x,
  y,
  children,
  describe,
  choose,
}: {
  thing: string;
  fallback: string;
  x: number;
  y: number;
  children: ReactNode;
  describe?: string | undefined;
  choose?: (() => void) | undefined;
}) {
  return (
    <SvgThing
      thing={thing}
      fallback={fallback}
      className="token"
      describe={describe}
      choose={choose}
      data-token={thing}
    >
      <g transform={`translate(${x} ${y})`}>{children}</g>
    </SvgThing>
  );
}

function Fire() {
  return (
    <>
      <rect x={-8} y={-8} width={16} height={16} rx={3} className="token-bg fire-bg" />
      <path
        d="M0,-6 C4,-2 5,1 4,4 C3,7 -3,7 -4,4 C-5,1 -2,-1 -1,-3 C0,-1 1,0 1,1 C2,-1 1,-4 0,-6 Z"
        className="fire"
      />
    </>
  );
}

function Malfunction() {
  return (
    <>
      <rect x={-8} y={-8} width={16} height={16} rx={3} className="token-bg malfunction-bg" />
      <path d="M0,-6 L6,5 L-6,5 Z" className="malfunction" />
      <text y={4} className="malfunction-mark">
        !
      </text>
    </>
  );
}

const objectShapes: Record<string, ReactNode> = {
  egg: <ellipse rx={4.5} ry={6} className="object-egg" />,
  corpse: (
    <>
      <circle cy={-4} r={3} className="object-corpse" />
      <rect x={-3.5} y={-1} width={7} height={7} rx={2} className="object-corpse" />
    </>
  ),
  carcass: (
    <path d="M-6,-2 L6,-2 L4,5 L-4,5 Z M-3,-6 L3,-6 L3,-3 L-3,-3 Z" className="object-carcass" />
  ),
};

function Room({
  props,
  room,
  technical,
  markers,
}: {
  props: NemesisProps;
  room: RoomView;
  technical: number[] | undefined;
  markers: Map<string, string>;
}) {
  const words = useWords();
  const { view } = props;
  const { x, y } = at(room.number);
  const left = x - roomWidth / 2;
  const top = y - roomHeight / 2;
  const pick = offered(props, fields.room, room.number);
  // A field named like a room's that names no room (a Destination space) dims none.
  const dim =
    asking(props, fields.room) &&
    !pick &&
    (props.question?.values.some((value) => typeof value === 'number') ?? false);
  const { name, seen } = roomName(words, props, room);
  const { lines, small } = nameLines(name);
  const occupants: Occupant[] = [
    ...view.players
      .filter((player) => player.room === room.number && player.status === 'active')
      .map((player) => ({ kind: 'player' as const, player })),
    ...view.intruders
      .filter((intruder) => intruder.room === room.number)
      .map((intruder) => ({ kind: 'intruder' as const, intruder })),
  ];
  const shown =
    occupants.length > occupantSlots ? occupants.slice(0, occupantSlots - 1) : occupants;
  const more = occupants.length - shown.length;
  const slots = shown.length + (more > 0 ? 1 : 0);
  const firstX = x - ((slots - 1) * slotWidth) / 2;
  const middle = top + 66;
  const objects = new Map<string, number>();
  for (const object of room.objects) objects.set(object, (objects.get(object) ?? 0) + 1);
  const technicalPick =
    technical && offered(props, fields.corridor, 'technical') && occupiedByMe(props, room);
  return (
    <>
      <SvgThing
        thing={`room:${room.number}`}
        fallback={`${room.number} ${name}`}
        className={`room${room.explored ? '' : ' unexplored'}${seen ? ' peeked' : ''}${dim ? ' dim' : ''}`}
        choose={pick ? () => props.choose(room.number) : undefined}
        data-room={room.number}
      >
        <rect
          x={left}
          y={top}
          width={roomWidth}
          height={roomHeight}
          rx={8}
          className="room-frame"
        />
        <text x={left + 7} y={top + 17} className="room-number">
          {room.number}
        </text>
        <text
          x={left + 7}
          y={top + 35}
          className={`room-name${small ? ' small' : ''}${seen ? ' seen' : ''}`}
        >
          {lines.map((line, index) => (
            <tspan key={line} x={left + 7} dy={index === 0 ? 0 : small ? 13 : 16}>
              {line}
            </tspan>
          ))}
        </text>
      </SvgThing>
      {technical && (
        <SvgThing
          thing="corridor:technical"
          fallback="Technical Corridor"
          describe={`Noise ${technical.join(', ')}${view.technicalCorridorNoise ? ', Noise' : ''}`}
          className={`technical${view.technicalCorridorNoise ? ' has-noise' : ''}`}
          choose={technicalPick ? () => props.choose('technical') : undefined}
          data-technical={room.number}
        >
          <rect x={x - 22} y={top + 5} width={44} height={16} rx={8} />
          <text x={x} y={top + 17}>
            T {technical.join('·')}
          </text>
        </SvgThing>
      )}
      {room.fire && (
        <Token thing="token:fire" fallback="Fire" x={left + roomWidth - 13} y={top + 13}>
          <Fire />
        </Token>
      )}
      {room.malfunction && (
        <Token
          thing="token:malfunction"
          fallback="Malfunction"
          x={left + roomWidth - (room.fire ? 32 : 13)}
          y={top + 13}
        >
          <Malfunction />
        </Token>
      )}
      {view.airlock === room.number && (
        <Token
          thing="token:airlock"
          fallback="Emergency Airlock"
          x={left + roomWidth - 13 - 19 * [room.fire, room.malfunction].filter(Boolean).length}
          y={top + 13}
        >
          <rect x={-8} y={-8} width={16} height={16} rx={3} className="token-bg airlock-bg" />
          <path d="M-5,-5 L5,5 M5,-5 L-5,5" className="airlock" />
        </Token>
      )}
      {shown.map((occupant, index) =>
        occupant.kind === 'player' ? (
          <Character
            key={`seat-${occupant.player.seat}`}
            props={props}
            player={occupant.player}
            marker={markers.get(occupant.player.seat) ?? '?'}
            x={firstX + index * slotWidth}
            y={middle}
          />
        ) : (
          <Intruder
            key={`intruder-${occupant.intruder.id}`}
            props={props}
            intruder={occupant.intruder}
            x={firstX + index * slotWidth}
            y={middle}
          />
        ),
      )}
      {more > 0 && (
        <text x={firstX + shown.length * slotWidth} y={middle + 4} className="more">
          +{more}
        </text>
      )}
      {room.itemCounter !== null && (
        <Token
          thing="token:item-counter"
          fallback="Item counter"
          describe={String(room.itemCounter)}
          x={left + 16}
          y={top + roomHeight - 9}
        >
          <rect x={-9} y={-8} width={18} height={16} rx={3} className="item-counter" />
          <text y={4} className="item-count">
            {room.itemCounter}
          </text>
        </Token>
      )}
      {[...objects].map(([object, count], index) => (
        <Token
          key={object}
          thing={`token:${object}`}
          fallback={plainName(object)}
          describe={count > 1 ? `${count}` : undefined}
          x={left + roomWidth - 16 - index * 30}
          choose={
            object === 'egg' && occupiedByMe(props, room) && offered(props, fields.intruder, 'eggs')
              ? () => props.choose('eggs')
              : undefined
          }
          y={top + roomHeight - 10}
        >
          <g transform="scale(1.35)">{objectShapes[object] ?? <circle r={5} />}</g>
          {count > 1 && (
            <text x={-9} y={4} className="object-count">
              {count}
            </text>
          )}
        </Token>
      ))}
    </>
  );
}

/** Whether the viewer's character stands in this room (a Technical Corridor move leaves from it). */
function occupiedByMe(props: NemesisProps, room: RoomView): boolean {
  const me = props.view.players.find((player) => player.seat === props.view.you?.seat);
  return me?.room === room.number;
}

function Corridor({
  props,
  corridor,
  numbers,
}: {
  props: NemesisProps;
  corridor: NemesisProps['view']['corridors'][number];
  numbers: number[];
}) {
  const a = at(corridor.ends[0]);
  const b = at(corridor.ends[1]);
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const pick = offered(props, fields.corridor, corridor.index);
  const dim = asking(props, fields.corridor) && !pick;
  const label = numbers.join('·');
  const labelWidth = Math.max(26, label.length * 8 + 10);
  const states = [
    corridor.noise ? 'Noise' : null,
    corridor.door !== 'open' ? `door ${corridor.door}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <SvgThing
      thing={`corridor:${corridor.index}`}
      fallback={`Corridor ${corridor.ends[0]}–${corridor.ends[1]}`}
      describe={[`Noise numbers ${numbers.join(', ')}`, states].filter(Boolean).join(', ')}
      className={`corridor door-${corridor.door}${corridor.noise ? ' has-noise' : ''}${dim ? ' dim' : ''}`}
      choose={pick ? () => props.choose(corridor.index) : undefined}
      data-corridor={corridor.index}
    >
      <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} className="corridor-line" />
      <rect
        className="corridor-label"
        x={mid.x - labelWidth / 2}
        y={mid.y - 10}
        width={labelWidth}
        height={20}
        rx={4}
      />
      <text x={mid.x} y={mid.y + 4} className="corridor-number">
        {label}
      </text>
    </SvgThing>
  );
}

/** The ship's map: rooms with full names and fixed slots, corridors, characters, Intruders, tokens. */
export function Ship(props: NemesisProps) {
  const { view } = props;
  const words = useWords();
  const { corridors, technical } = exitNumbers(view.board);
  const markers = seatMarkers(words, view);
  return (
    <svg
      className="ship"
      viewBox={`0 0 ${width} ${height}`}
      {...roveGroup('The ship: the arrow keys move among rooms, corridors and what is in them')}
      {...{ role: 'group' }}
    >
      <title>The ship</title>
      {view.corridors.map((corridor) => (
        <Corridor
          key={corridor.index}
          props={props}
          corridor={corridor}
          numbers={corridors.get(corridor.index) ?? []}
        />
      ))}
      {view.rooms.map((room) => (
        <Room
          key={room.number}
          props={props}
          room={room}
          technical={technical.get(room.number)}
          markers={markers}
        />
      ))}
    </svg>
  );
}

/** The markers' legend: "Ca Player 1 (Captain)", the one to act marked. */
export function Legend(props: NemesisProps) {
  const words = useWords();
  const markers = seatMarkers(words, props.view);
  const waiting = acting(props);
  return (
    <ul className="ship-legend" aria-label="Markers">
      {props.view.players.map((player) => (
        <li
          key={player.seat}
          data-seat={player.seat}
          data-acting={waiting.has(player.seat) ? 'yes' : 'no'}
          className={waiting.has(player.seat) ? 'acting' : undefined}
        >
          <span className="marker" style={{ background: seatColour(props.view, player.seat) }}>
            {markers.get(player.seat)}
          </span>{' '}
          {seatName(words, props.view, player.seat)}
          {player.seat === props.view.you?.seat ? ' · you' : ''}
          {player.status !== 'active' ? ` · ${plainName(player.status)}` : ''}
        </li>
      ))}
      <li className="legend-kinds">
        {['larva', 'creeper', 'adult', 'breeder', 'queen'].map((kind) => (
          <span key={kind} className="legend-kind">
            <svg
              viewBox="-12 -12 24 24"
              width={18}
              height={18}
              aria-hidden="true"
              className={`kind-${kind}`}
            >
              <IntruderShape kind={kind} />
            </svg>{' '}
            {nameOf(words, `intruder-kind:${kind}`, kind)}
          </span>
        ))}
      </li>
      <li className="legend-kinds">
        <span className="legend-noise">1·2</span> corridor Noise numbers
        <span className="legend-noise noise">1·2</span>
        {nameOf(words, 'token:noise', 'noise')}
        <span className="legend-noise door-closed">1·2</span>
        {nameOf(words, 'token:door-closed', 'closed door')}
        <span className="legend-noise door-destroyed">1·2</span>
        {nameOf(words, 'token:door-destroyed', 'destroyed door')}
        <span className="legend-noise technical">T 1·2</span>
        {nameOf(words, 'corridor:technical', 'Technical Corridor')}
      </li>
    </ul>
  );
}
