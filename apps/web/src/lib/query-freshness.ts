/**
 * How long a list page or a bay's data counts as fresh: a list that mounts within this time of
 * the last answer shows it without asking the server again. The route preloading
 * (app/route-preload.ts) asks for the first page before the list mounts; without this the list
 * asked again at once, for the same page. Writes invalidate the lists at once, and Refresh asks
 * at once whatever the age.
 */
export const LIST_FRESH_MS = 5_000;
