import { Suspense } from 'react';
import { Composer } from './composer';
import { lazyPart } from '../../../lib/lazy';

// Its code (and the sheet's, later) loads on phones only, after the first screen's.
const ComposeButton = lazyPart(() => import('./compose-button'));

/**
 * The phone's compose button (the layout shows it below md only). The composer it opens is handed down
 * from here, where it is loaded already, so that the button's and the sheet's code import none of it.
 */
export function PhoneComposeButton() {
  return (
    <Suspense fallback={null}>
      <ComposeButton sheet={(onPosted, close) => <Composer sheet={{ onPosted, close }} />} />
    </Suspense>
  );
}
