import { useEffect, useRef, type RefObject } from 'react';

/**
 * Keeps the keyboard in an editor modal across a save: the fields and buttons are disabled while
 * the request runs (which drops focus to <body> in Chromium) and may be re-created from the
 * server's answer. When the save settles and focus is no longer inside the modal, it goes to
 * `fallback` (the Save button), so Tab and Enter keep working where the user was.
 */
export function useKeepFocusAfterSave(saving: boolean, fallback: RefObject<HTMLElement | null>): void {
  const wasSaving = useRef(saving);
  useEffect(() => {
    const settled = wasSaving.current && !saving;
    wasSaving.current = saving;
    if (!settled) return;
    const frame = requestAnimationFrame(() => {
      const target = fallback.current;
      const modal = target?.closest('.modal');
      if (target && modal && !modal.contains(document.activeElement)) target.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [saving, fallback]);
}

/**
 * Puts the cursor in an editor's first field when it opens, unless the user is already in one of
 * its fields. `enabled` is read once: false for a form re-created after a save, so focus stays
 * where it was.
 */
export function useFocusFirstField(enabled: boolean, first: RefObject<HTMLElement | null>): void {
  const enabledRef = useRef(enabled);
  useEffect(() => {
    if (!enabledRef.current) return;
    // A frame later: the modal first moves focus to its dialog box (remembering the button that
    // opened it, where focus returns on close); the field takes it from there.
    const frame = requestAnimationFrame(() => {
      const field = first.current;
      const form = field?.closest('form');
      const active = document.activeElement;
      if (!field || (active instanceof HTMLElement && active !== form && form?.contains(active))) return;
      field.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [first]);
}
