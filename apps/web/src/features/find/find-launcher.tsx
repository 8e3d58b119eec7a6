import { useLayoutEffect } from 'react';

/** The event the launcher sends and the FindHost of the signed-in frame answers by opening the dialog. */
export const FIND_EVENT = 'desk:find';

/** Asked before the host was there (the frame still loading): the host opens on arrival. */
export const findAsked = { pending: false };

const openFind = () => {
  findAsked.pending = true;
  window.dispatchEvent(new Event(FIND_EVENT));
};

/**
 * The top bar's search (docs/architecture.md section 13): a button, and Ctrl+K (Cmd+K on a Mac)
 * anywhere in the signed-in app, ask the frame to open the Find dialog. The dialog is not loaded
 * from here: the signed-in frame (app-layout.tsx) has a FindHost (find-host.tsx) that loads it
 * when first asked, so neither the dialog nor what it shares with the pages joins the app's first
 * download.
 */
export function FindLauncher() {
  // Listening from the commit that shows the top bar, not from an effect after it: the first
  // render is a transition, whose effects run after the browser has painted, and a Ctrl+K
  // pressed as the page appeared went to no one.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        openFind();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <button
      type="button"
      className="btn btn-outline-light btn-sm app-find"
      onClick={openFind}
      title="Find a customer, order, quote, product or vendor order (Ctrl+K)"
      aria-keyshortcuts="Control+K"
    >
      Search <kbd className="ms-1 d-none d-xl-inline">Ctrl K</kbd>
    </button>
  );
}
