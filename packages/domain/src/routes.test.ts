import { describe, expect, it } from 'vitest';
import { isAppPagePath, isYardPath, YARD_HOME } from './routes.js';

describe('the app paths', () => {
  it('name the pages and what is below them, not other paths', () => {
    for (const p of ['/', '/login', '/sales', '/sales/orders', '/loaders', '/dashboard', '/admin', '/account/x'])
      expect(isAppPagePath(p), p).toBe(true);
    for (const p of ['//evil', '/salesx', '/api/x', '/favicon', '/Sales']) expect(isAppPagePath(p), p).toBe(false);
  });

  it('open the Loaders and the account to the yard, and send it to the Loaders', () => {
    expect(['/loaders', '/account', '/sales', '/dashboard', '/admin', '/'].filter(isYardPath)).toEqual([
      '/loaders',
      '/account',
    ]);
    expect(YARD_HOME).toBe('/loaders');
  });
});
