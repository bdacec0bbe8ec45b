/**
 * The lightbox's zoom as numbers: a scale and a shift of the image from its place, in CSS pixels. The
 * gestures (a pinch, a double tap, a drag) each give a new view; these functions keep the point under
 * the fingers where it was and never let the image leave an edge of its frame empty.
 */
export type View = { scale: number; x: number; y: number };
export type Point = { x: number; y: number };
/** The image's size as drawn at scale 1. */
export type Size = { width: number; height: number };

export const UNZOOMED: View = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
/** How far a double tap zooms in. */
export const DOUBLE_TAP_SCALE = 2.5;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The shift held to what keeps the enlarged image over its whole frame. */
function bounded(view: View, size: Size): View {
  const room = (length: number) => ((view.scale - 1) * length) / 2;
  return {
    scale: view.scale,
    x: clamp(view.x, -room(size.width), room(size.width)),
    y: clamp(view.y, -room(size.height), room(size.height)),
  };
}

/**
 * The view at `scale` (held between 1 and `MAX_SCALE`) that keeps `at`, a point measured from the
 * image's centre at scale 1, where it is on the screen.
 */
export function zoomTo(view: View, scale: number, at: Point, size: Size): View {
  const next = clamp(scale, 1, MAX_SCALE);
  const ratio = next / view.scale;
  return bounded({ scale: next, x: at.x - ratio * (at.x - view.x), y: at.y - ratio * (at.y - view.y) }, size);
}

/** A double tap: in to `DOUBLE_TAP_SCALE` at the point tapped, or back out when zoomed. */
export function toggleZoom(view: View, at: Point, size: Size): View {
  return view.scale > 1 ? UNZOOMED : zoomTo(view, DOUBLE_TAP_SCALE, at, size);
}

/** A drag of a zoomed image by `by`. */
export function pan(view: View, by: Point, size: Size): View {
  return bounded({ scale: view.scale, x: view.x + by.x, y: view.y + by.y }, size);
}

/**
 * A pinch: from the view when two fingers came down `startDistance` apart around `startCentre`, to
 * the fingers now `distance` apart around `centre`. The image grows with the fingers' spread and
 * follows their midpoint.
 */
export function pinch(
  start: View,
  startCentre: Point,
  startDistance: number,
  centre: Point,
  distance: number,
  size: Size,
): View {
  const zoomed = zoomTo(start, (start.scale * distance) / startDistance, startCentre, size);
  return pan(zoomed, { x: centre.x - startCentre.x, y: centre.y - startCentre.y }, size);
}

/** How much one press of + or − zooms. */
export const KEY_ZOOM_STEP = 1.5;
/** How far one arrow key moves a zoomed image, as a share of its drawn size. */
export const KEY_PAN_SHARE = 0.2;

const centre: Point = { x: 0, y: 0 };
const panBy: Record<string, (size: Size) => Point> = {
  // The arrow shows more of that side: the image moves the other way.
  ArrowRight: (size) => ({ x: -size.width * KEY_PAN_SHARE, y: 0 }),
  ArrowLeft: (size) => ({ x: size.width * KEY_PAN_SHARE, y: 0 }),
  ArrowDown: (size) => ({ x: 0, y: -size.height * KEY_PAN_SHARE }),
  ArrowUp: (size) => ({ x: 0, y: size.height * KEY_PAN_SHARE }),
};

/**
 * The keyboard's zoom: + (or =) and − zoom about the centre, 0 zooms out, and the arrows move a zoomed
 * image. Null for any other key, and for the arrows while unzoomed (they go through the images then).
 */
export function zoomByKey(view: View, key: string, size: Size): View | null {
  if (key === '+' || key === '=') return zoomTo(view, view.scale * KEY_ZOOM_STEP, centre, size);
  if (key === '-') return zoomTo(view, view.scale / KEY_ZOOM_STEP, centre, size);
  if (key === '0') return UNZOOMED;
  const by = Object.hasOwn(panBy, key) ? panBy[key] : undefined;
  return by && view.scale > 1 ? pan(view, by(size), size) : null;
}
