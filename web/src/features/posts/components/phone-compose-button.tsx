import { lazy, Suspense } from 'react';
import { useMediaQuery } from '../../../lib/media-query';
import { Composer } from './composer';

// Its code (and the sheet's, later) loads on phones only, after the first screen's.
const ComposeButton = lazy(() => import('./compose-button'));

/**
 * Below the md breakpoint of index.css: the compose button. The composer it opens is handed down from
 * here, where it is loaded already, so that the button's and the sheet's code import none of it.
 */
export function PhoneComposeButton() {
  const phone = useMediaQuery('(width < 48em)');
  return (
    phone && (
      <Suspense fallback={null}>
        <ComposeButton sheet={(onPosted) => <Composer sheet={{ onPosted }} />} />
      </Suspense>
    )
  );
}
