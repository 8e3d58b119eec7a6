/**
 * How the end-to-end tests and the bench launch Debian's Chromium (never a downloaded browser):
 * one list of flags, so the bench measures the browser the tests drive. No sandbox (containers),
 * no GPU, and no background traffic (updates, sync, QUIC probes) to skew a page load.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
