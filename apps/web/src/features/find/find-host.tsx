import { lazy, Suspense, useEffect, useState } from 'react';
import { FIND_EVENT, findAsked } from './find-launcher';

// Its own chunk, fetched when the dialog is first opened.
const FindDialog = lazy(() => import('./find-dialog').then((m) => ({ default: m.FindDialog })));

/** Opens the Find dialog when the top bar's launcher asks (every signed-in page has one). */
export function FindHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const show = () => {
      findAsked.pending = false;
      setOpen(true);
    };
    if (findAsked.pending) show();
    window.addEventListener(FIND_EVENT, show);
    return () => window.removeEventListener(FIND_EVENT, show);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FindDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
