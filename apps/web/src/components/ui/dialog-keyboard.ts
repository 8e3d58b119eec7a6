import { useEffect } from 'react';

/**
 * The keyboard inside dialogs, for every dialog of the app (React-Bootstrap modals):
 *
 * - Tab and Shift+Tab wrap inside the top dialog. React-Bootstrap's enforceFocus only reacts to
 *   focus arriving outside, after the fact (Shift+Tab reached the list behind the backdrop, and
 *   forward Tab stopped on <body> once).
 * - Focus lost inside a dialog goes back. A field or button disabled while its request runs, or
 *   re-created from the server's answer, drops focus to <body>; when that happens, focus returns
 *   to the same control (or the one that replaced it: same kind, name and label) as soon as it can
 *   take it again, unless the user has put focus elsewhere meanwhile.
 */

const TABBABLE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  '[tabindex]',
  '[contenteditable="true"]',
].join(',');

/** The dialog on top: the last shown modal in the document (stacked ones are appended later). */
function topDialog(): HTMLElement | null {
  const open = document.querySelectorAll<HTMLElement>('.modal.show');
  return open.length > 0 ? open[open.length - 1]! : null;
}

function canTakeFocus(el: HTMLElement): boolean {
  if ((el as HTMLButtonElement).disabled) return false;
  if (el.closest('[inert], fieldset:disabled')) return false;
  return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
}

/** The dialog's controls in Tab order (positive tabindex is not used in this app). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const all = Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && canTakeFocus(el),
  );
  // Of a radio group only the checked one (or the first) is a Tab stop.
  return all.filter((el) => {
    if (!(el instanceof HTMLInputElement) || el.type !== 'radio' || !el.name) return true;
    const group = all.filter(
      (o): o is HTMLInputElement => o instanceof HTMLInputElement && o.type === 'radio' && o.name === el.name,
    );
    const checked = group.find((o) => o.checked);
    return checked ? checked === el : group[0] === el;
  });
}

function wrapTab(event: KeyboardEvent) {
  if (event.key !== 'Tab' || event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
  const dialog = topDialog();
  if (!dialog) return;
  const stops = tabbables(dialog);
  if (stops.length === 0) {
    event.preventDefault();
    dialog.focus();
    return;
  }
  const first = stops[0]!;
  const last = stops[stops.length - 1]!;
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && dialog.contains(active) && active !== dialog;
  if (event.shiftKey) {
    if (!inside || active === first) {
      event.preventDefault();
      last.focus();
    }
  } else if (!inside || active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** How a control is found again after a re-render replaced it. */
interface Lost {
  element: HTMLElement;
  dialog: HTMLElement;
  signature: string;
  index: number;
  until: number;
}

function signature(el: HTMLElement): string {
  const label =
    el.getAttribute('aria-label') ??
    (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
      ? (el.labels?.[0]?.textContent ?? '')
      : (el.textContent ?? '').trim());
  return [el.tagName, el.getAttribute('type') ?? '', el.getAttribute('name') ?? '', label].join('|');
}

function sameKind(dialog: HTMLElement, sig: string): HTMLElement[] {
  return Array.from(dialog.querySelectorAll<HTMLElement>(TABBABLE)).filter((el) => signature(el) === sig);
}

/** Gives up on a lost control after this long (a slow save is still answered within it). */
const LOST_FOR_MS = 15_000;

let lost: Lost | null = null;
let watching = 0;

function onFocusOut(event: FocusEvent) {
  const el = event.target;
  if (!(el instanceof HTMLElement) || event.relatedTarget !== null) return;
  const dialog = el.closest<HTMLElement>('.modal.show');
  if (!dialog || el === dialog) return;
  const sig = signature(el);
  lost = {
    element: el,
    dialog,
    signature: sig,
    index: sameKind(dialog, sig).indexOf(el),
    until: Date.now() + LOST_FOR_MS,
  };
  if (watching === 0) watching = requestAnimationFrame(restore);
}

function onFocusIn(event: FocusEvent) {
  // The user (or a component) put focus somewhere: nothing to give back. The dialog itself does
  // not count: React-Bootstrap's enforceFocus moves focus from <body> to the dialog element on
  // the next focus event anywhere, which is the same loss.
  if (lost && event.target !== lost.element && event.target !== lost.dialog) lost = null;
}

function restore() {
  watching = 0;
  const target = lost;
  if (!target) return;
  const active = document.activeElement;
  const stillLost = !active || active === document.body || active === target.dialog;
  if (!stillLost || Date.now() > target.until || !target.dialog.isConnected) {
    lost = null;
    return;
  }
  if (!target.dialog.classList.contains('show')) {
    lost = null;
    return;
  }
  let candidate: HTMLElement | undefined = target.element.isConnected ? target.element : undefined;
  if (!candidate) {
    const matches = sameKind(target.dialog, target.signature);
    candidate = matches[Math.min(Math.max(target.index, 0), matches.length - 1)];
  }
  if (candidate && canTakeFocus(candidate)) {
    lost = null;
    candidate.focus();
    return;
  }
  watching = requestAnimationFrame(restore);
}

let installed = 0;

/** Installs the dialog keyboard rules for the app's lifetime (once, however many callers). */
export function useDialogKeyboard(): void {
  useEffect(() => {
    if (installed++ === 0) {
      document.addEventListener('keydown', wrapTab);
      document.addEventListener('focusout', onFocusOut);
      document.addEventListener('focusin', onFocusIn);
    }
    return () => {
      if (--installed === 0) {
        document.removeEventListener('keydown', wrapTab);
        document.removeEventListener('focusout', onFocusOut);
        document.removeEventListener('focusin', onFocusIn);
        if (watching) cancelAnimationFrame(watching);
        watching = 0;
        lost = null;
      }
    };
  }, []);
}

/**
 * Ctrl+S (Cmd+S) in an editor dialog submits its form `formId`, instead of the browser's "Save
 * page". A press while the save runs (or a held key's repeats) does nothing more.
 */
export function useSaveShortcut(show: boolean, formId: string, busy: boolean): void {
  useEffect(() => {
    if (!show) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      const top = topDialog();
      if (!top) return;
      // Never the browser's dialog while an editor is open; the save only when this editor is
      // the dialog on top (not under a linker or a confirmation).
      event.preventDefault();
      const form = document.getElementById(formId);
      if (!(form instanceof HTMLFormElement) || form.closest('.modal') !== top) return;
      if (busy || event.repeat) return;
      form.requestSubmit();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [show, formId, busy]);
}

/** The Save button's title: its shortcut. */
export const saveTitle = (label: string) => `${label} (Ctrl+S)`;
