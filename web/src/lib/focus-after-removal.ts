import { useEffect, useRef } from 'react';

/**
 * For a control that deletes its own part of the page (a post, a comment): when that part unmounts
 * after the deletion, focus goes to the element chosen when the deletion was confirmed, instead of
 * falling to <body>. `arm` before sending the request; `disarm` if it fails.
 */
export function useFocusAfterRemoval() {
  const target = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(
    () => () => {
      const element = target.current?.();
      // After the frame, so a closing dialog's own focus return (to an opener now gone) comes first.
      if (element) requestAnimationFrame(() => element.isConnected && element.focus());
    },
    [],
  );
  return {
    arm: (find: () => HTMLElement | null | undefined) => {
      target.current = find;
    },
    disarm: () => {
      target.current = null;
    },
  };
}
