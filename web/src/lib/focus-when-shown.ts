/**
 * Focuses an element that a state change is about to draw (a list entry after a save, a field after
 * a move to its screen). React draws after the cache or the router tells it, a frame or more later
 * on a busy machine, so this looks once a frame until the element is there, for up to `waitMs`.
 */
export function focusWhenShown(
  find: () => HTMLElement | null | undefined,
  options: { preventScroll?: boolean; waitMs?: number } = {},
) {
  const deadline = Date.now() + (options.waitMs ?? 3000);
  const attempt = () => {
    const element = find();
    if (element) element.focus({ preventScroll: options.preventScroll });
    else if (Date.now() < deadline) requestAnimationFrame(attempt);
  };
  // From the next frame: a closing dialog or form hands focus back first, and this comes after it.
  requestAnimationFrame(attempt);
}

/** `focusWhenShown` for an element known by its id. */
export const focusIdWhenShown = (elementId: string) =>
  focusWhenShown(() => document.getElementById(elementId));
