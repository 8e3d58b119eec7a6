/** Time as the app sees it; tests inject their own to prove expiry rules. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
export const isoAt = (ms: number) => new Date(ms).toISOString();
