export * from './constants.js';
export * from './money.js';
export * from './pricing.js';
export * from './search.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
