import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

interface Place {
  scale: number;
  x: number;
  y: number;
}

const maxScale = 4;
/**
 * The width the map's picture is drawn at least when it opens, in CSS
 * pixels: a narrower box opens zoomed in, so that names stay readable.
 */
const readableWidth = 860;

/**
 * A box the map pans and zooms in: drag (one finger or the mouse), pinch,
 * the wheel (with Ctrl, or once zoomed in), the + / − / reset buttons, and
 * from the keyboard Shift+arrows, + and −, and 0. Scale 1 fits the whole
 * picture in the box's width; a box narrower than `readableWidth` opens
 * zoomed in, on the viewer's room. Focusing a thing on the map brings it
 * into view. The page itself never scrolls sideways.
 */
export function PanZoom({
  ratio,
  centre,
  children,
}: {
  /** The picture's height over its width. */
  ratio: number;
  /** Where a zoomed-in box opens, as fractions of the picture's width and height (the viewer's room). */
  centre?: { x: number; y: number } | undefined;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [place, setPlace] = useState<Place>({ scale: 1, x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const dragged = useRef(false);
  const scaleNow = useRef(1);
  const opening = useRef(centre);
  opening.current = centre;
  const start = useRef<{ distance: number; place: Place; centre: { x: number; y: number } } | null>(
    null,
  );

  /** Keeps the picture over the box: no empty band beside it when it is larger. */
  const clamp = useCallback(
    (next: Place): Place => {
      const scale = Math.min(maxScale, Math.max(1, next.scale));
      const width = size.width * scale;
      const height = width * ratio;
      const x = width <= size.width ? 0 : Math.min(0, Math.max(size.width - width, next.x));
      const y =
        height <= size.height
          ? (size.height - height) / 2
          : Math.min(0, Math.max(size.height - height, next.y));
      return { scale, x, y };
    },
    [size, ratio],
  );

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((before) =>
        before.width === width && before.height === height ? before : { width, height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const initial = useCallback((): Place => {
    if (size.width === 0 || size.width >= readableWidth) return clamp({ scale: 1, x: 0, y: 0 });
    const scale = readableWidth / size.width;
    // Opens on the given place (the viewer's room), else the middle of the picture.
    const width = size.width * scale;
    const at = opening.current ?? { x: 0.5, y: 0.5 };
    return clamp({
      scale,
      x: size.width / 2 - at.x * width,
      y: size.height / 2 - at.y * width * ratio,
    });
  }, [size, clamp, ratio]);

  const sized = useRef(0);
  useEffect(() => {
    if (size.width === 0) return;
    // A new width (a turned phone) starts over; otherwise the place stays within the box.
    if (sized.current !== size.width) {
      sized.current = size.width;
      setPlace(initial());
    } else
      setPlace((before) => {
        const next = clamp(before);
        return next.scale === before.scale && next.x === before.x && next.y === before.y
          ? before
          : next;
      });
  }, [size, initial, clamp]);

  /** Zooms by a factor about a point of the box. */
  const zoomAt = useCallback(
    (factor: number, about?: { x: number; y: number }) => {
      setPlace((before) => {
        const point = about ?? { x: size.width / 2, y: size.height / 2 };
        const scale = Math.min(maxScale, Math.max(1, before.scale * factor));
        const applied = scale / before.scale;
        return clamp({
          scale,
          x: point.x - (point.x - before.x) * applied,
          y: point.y - (point.y - before.y) * applied,
        });
      });
    },
    [size, clamp],
  );

  const panBy = useCallback(
    (dx: number, dy: number) =>
      setPlace((before) => clamp({ ...before, x: before.x + dx, y: before.y + dy })),
    [clamp],
  );

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The wheel zooms with Ctrl (a trackpad's pinch) or once zoomed in; otherwise the page scrolls on.
    const wheel = (event: WheelEvent) => {
      if (!(event.ctrlKey || event.metaKey || scaleNow.current > 1.001)) return;
      event.preventDefault();
      const rect = element.getBoundingClientRect();
      zoomAt(Math.exp(-event.deltaY / 300), {
        x: event.clientX - rect.left,
        y: event.clientY - rect.top,
      });
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => element.removeEventListener('wheel', wheel);
  }, [zoomAt]);

  const local = (event: PointerEvent) => {
    const rect = box.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, local(event));
    if (pointers.current.size === 1) dragged.current = false;
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      start.current = {
        distance: Math.hypot(a.x - b.x, a.y - b.y),
        place,
        centre: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
      };
    }
  };

  const move = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before) return;
    const now = local(event);
    pointers.current.set(event.pointerId, now);
    if (pointers.current.size === 2 && start.current) {
      const [a, b] = [...pointers.current.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const from = start.current;
      const scale = Math.min(maxScale, Math.max(1, (from.place.scale * distance) / from.distance));
      const applied = scale / from.place.scale;
      dragged.current = true;
      setPlace(
        clamp({
          scale,
          x: from.centre.x - (from.centre.x - from.place.x) * applied,
          y: from.centre.y - (from.centre.y - from.place.y) * applied,
        }),
      );
      return;
    }
    const dx = now.x - before.x;
    const dy = now.y - before.y;
    if (!dragged.current && Math.hypot(dx, dy) < 4) {
      // Not a drag yet: the pointer's first place stays the reference.
      pointers.current.set(event.pointerId, before);
      return;
    }
    if (!dragged.current) box.current?.setPointerCapture(event.pointerId);
    dragged.current = true;
    panBy(dx, dy);
  };

  const up = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) start.current = null;
  };

  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = 60;
    if (event.key === '+' || event.key === '=') zoomAt(1.25);
    else if (event.key === '-' || event.key === '_') zoomAt(0.8);
    else if (event.key === '0') setPlace(initial());
    else if (event.shiftKey && event.key === 'ArrowLeft') panBy(step, 0);
    else if (event.shiftKey && event.key === 'ArrowRight') panBy(-step, 0);
    else if (event.shiftKey && event.key === 'ArrowUp') panBy(0, step);
    else if (event.shiftKey && event.key === 'ArrowDown') panBy(0, -step);
    else return;
    event.preventDefault();
  };

  /** A thing focused on the map comes into view. */
  const focused = (event: React.FocusEvent<HTMLDivElement>) => {
    const element = box.current;
    const target = event.target;
    if (!element || target === element || !element.contains(target)) return;
    const outer = element.getBoundingClientRect();
    const inner = target.getBoundingClientRect();
    let dx = 0;
    let dy = 0;
    if (inner.left < outer.left) dx = outer.left - inner.left + 12;
    else if (inner.right > outer.right) dx = outer.right - inner.right - 12;
    if (inner.top < outer.top) dy = outer.top - inner.top + 12;
    else if (inner.bottom > outer.bottom) dy = outer.bottom - inner.bottom - 12;
    if (dx !== 0 || dy !== 0) panBy(dx, dy);
    // The browser may scroll the box itself to show the thing: the transform does that here.
    element.scrollLeft = 0;
    element.scrollTop = 0;
  };

  const zoomed = place.scale > 1.001;
  scaleNow.current = place.scale;
  return (
    <div className="pan-zoom" data-scale={place.scale.toFixed(2)}>
      <div className="pan-zoom-buttons" role="toolbar" aria-label="Map zoom">
        <button type="button" onClick={() => zoomAt(1.25)} aria-label="Zoom in" data-zoom="in">
          +
        </button>
        <button type="button" onClick={() => zoomAt(0.8)} aria-label="Zoom out" data-zoom="out">
          −
        </button>
        <button
          type="button"
          onClick={() => setPlace(initial())}
          aria-label="Reset the map's zoom"
          data-zoom="reset"
        >
          reset
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: drag, pinch and wheel for the pointer; the keys for the keyboard are on the map itself */}
      <div
        ref={box}
        className={`pan-zoom-box${zoomed ? ' zoomed' : ''}`}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUpCapture={(event) => {
          const wasDrag = dragged.current;
          up(event);
          // The end of a drag is no tap: no hover card pinned by it.
          if (wasDrag) event.stopPropagation();
        }}
        onPointerCancel={up}
        onKeyDown={keys}
        onFocus={focused}
        onClickCapture={(event) => {
          if (dragged.current) {
            event.stopPropagation();
            event.preventDefault();
            dragged.current = false;
          }
        }}
      >
        <div
          className="pan-zoom-content"
          style={{
            width: size.width ? size.width * place.scale : '100%',
            transform: `translate(${place.x}px, ${place.y}px)`,
          }}
        >
          {children}
        </div>
      </div>
    </div>
  );
}
