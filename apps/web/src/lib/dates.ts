/**
 * How the desk writes a calendar date ('YYYY-MM-DD', as the API sends it) in short: "Nov 28",
 * "Nov 2026". Read from the date's text, not through Intl.DateTimeFormat: the order list's first
 * paint shows these, and a page's first Intl formatter loads the browser's locale data, 30-100 ms
 * of the main thread in Chromium on the counter's hardware (docs/performance.md).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const monthName = (date: string) => MONTHS[Number(date.slice(5, 7)) - 1]!;

/** '2026-11-28' -> 'Nov 28'. */
export const dayText = (date: string) => `${monthName(date)} ${Number(date.slice(8, 10))}`;

/** '2026-11' or '2026-11-01' -> 'Nov 2026'. */
export const monthText = (date: string) => `${monthName(date)} ${date.slice(0, 4)}`;
