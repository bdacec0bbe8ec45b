import { lazy, Suspense } from 'react';
import { useMediaQuery } from '../../../lib/media-query';

// Its code (and the sheet's, later) loads on phones only, after the first screen's.
const ComposeButton = lazy(() => import('./compose-button'));

/** Below the md breakpoint of index.css: the compose button. */
export function PhoneComposeButton() {
  const phone = useMediaQuery('(width < 48em)');
  return (
    phone && (
      <Suspense fallback={null}>
        <ComposeButton />
      </Suspense>
    )
  );
}
