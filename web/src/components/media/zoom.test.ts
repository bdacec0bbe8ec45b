import { describe, expect, it } from 'vitest';
import {
  DOUBLE_TAP_SCALE,
  KEY_ZOOM_STEP,
  MAX_SCALE,
  pan,
  pinch,
  toggleZoom,
  UNZOOMED,
  zoomByKey,
  zoomTo,
} from './zoom';

const size = { width: 400, height: 300 };
/** Where a point of the image at scale 1 is drawn in the view. */
const drawn = (view: { scale: number; x: number; y: number }, point: { x: number; y: number }) => ({
  x: view.x + view.scale * point.x,
  y: view.y + view.scale * point.y,
});

describe('the lightbox zoom', () => {
  it('a double tap zooms in around the point tapped, and a second one back out', () => {
    const at = { x: 100, y: -50 };
    const zoomed = toggleZoom(UNZOOMED, at, size);
    expect(zoomed.scale).toBe(DOUBLE_TAP_SCALE);
    expect(drawn(zoomed, at)).toEqual(at);
    expect(toggleZoom(zoomed, at, size)).toEqual(UNZOOMED);
  });

  it('a pinch grows with the fingers spread, up to the largest scale and down to none', () => {
    const centre = { x: 0, y: 0 };
    expect(pinch(UNZOOMED, centre, 100, centre, 200, size).scale).toBe(2);
    expect(pinch(UNZOOMED, centre, 100, centre, 1000, size).scale).toBe(MAX_SCALE);
    expect(pinch({ scale: 2, x: 0, y: 0 }, centre, 200, centre, 50, size)).toEqual(UNZOOMED);
  });

  it('a pinch keeps the point between the fingers under them', () => {
    const centre = { x: 50, y: 40 };
    const view = pinch(UNZOOMED, centre, 100, centre, 150, size);
    expect(view.scale).toBe(1.5);
    expect(drawn(view, centre)).toEqual(centre);
  });

  it('never shifts the image so far that an edge of its frame shows empty', () => {
    // Zoomed in at a corner: the image's corner stays at the frame's corner, not beyond.
    const corner = zoomTo(UNZOOMED, 2, { x: 200, y: 150 }, size);
    expect(corner).toEqual({ scale: 2, x: -200, y: -150 });
    expect(pan(corner, { x: -500, y: 10_000 }, size)).toEqual({ scale: 2, x: -200, y: 150 });
    // At scale 1 there is nothing to drag.
    expect(pan(UNZOOMED, { x: 30, y: 30 }, size)).toEqual(UNZOOMED);
  });

  it('by keyboard: + and − zoom about the centre, 0 zooms out, the arrows move a zoomed image only', () => {
    const zoomed = zoomByKey(UNZOOMED, '+', size)!;
    expect(zoomed).toEqual({ scale: KEY_ZOOM_STEP, x: 0, y: 0 });
    expect(zoomByKey(zoomed, '=', size)!.scale).toBe(KEY_ZOOM_STEP * KEY_ZOOM_STEP);
    expect(zoomByKey(zoomed, '-', size)).toEqual(UNZOOMED);
    expect(zoomByKey(UNZOOMED, '-', size)).toEqual(UNZOOMED);
    expect(zoomByKey({ scale: MAX_SCALE, x: 0, y: 0 }, '+', size)!.scale).toBe(MAX_SCALE);
    expect(zoomByKey(zoomed, '0', size)).toEqual(UNZOOMED);
    // → shows more of the right: the image moves left, no further than its edge allows.
    const right = zoomByKey(zoomed, 'ArrowRight', size)!;
    expect(right.x).toBeLessThan(0);
    let far = zoomed;
    for (let press = 0; press < 20; press++) far = zoomByKey(far, 'ArrowDown', size)!;
    expect(far.y).toBe(-((KEY_ZOOM_STEP - 1) * size.height) / 2);
    // Unzoomed, the arrows are the lightbox's (the next image); other keys are nobody's here.
    expect(zoomByKey(UNZOOMED, 'ArrowRight', size)).toBeNull();
    expect(zoomByKey(zoomed, 'x', size)).toBeNull();
  });
});
