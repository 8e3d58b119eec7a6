/**
 * What a browser keeps of a session (issue 37, finding 6; plugins/session-data.ts): a signed-in
 * answer says when the session ends if nothing more is done with it; the sign-out, and a 401 to a
 * cookie whose session has ended, tell the browser to clear its HTTP cache. Both databases.
 */
import { describe, expect, it } from 'vitest';
import { engines, json, suiteApp } from './support.js';

describe.each(engines())('session data in the browser (%s)', (engine) => {
  const suite = suiteApp(engine);

  it('answers a signed-in request with the time the session ends: the idle limit from its last activity, within the absolute one', async () => {
    const cookie = await suite.t.login();
    const res = await suite.t.send(cookie, 'GET', '/api/session/status');
    expect(res.statusCode).toBe(200);
    const expires = Date.parse(String(res.headers['x-desk-session-expires']));
    // The test clock stands still: signed in now, idle limit 480 minutes (12 hours absolute).
    expect(expires).toBe(suite.t.clock() + suite.t.config.SESSION_IDLE_MINUTES * 60_000);
    // A signed-out request says nothing of a session.
    const out = await suite.t.app.inject({ method: 'GET', url: '/api/session/status' });
    expect(out.headers['x-desk-session-expires']).toBeUndefined();
    expect(out.headers['clear-site-data']).toBeUndefined();
  });

  it('clears the HTTP cache on sign-out and on the next request of a session that has ended', async () => {
    const cookie = await suite.t.login();
    const ended = await suite.t.login();
    const out = await suite.t.send(cookie, 'POST', '/api/logout');
    expect(out.statusCode).toBe(200);
    expect(out.headers['clear-site-data']).toBe('"cache"');
    // The session is gone: its next request is a 401 that clears the cache too.
    const after = await suite.t.send(cookie, 'GET', '/api/orders/list/0?page=1&size=10');
    expect(after.statusCode).toBe(401);
    expect(after.headers['clear-site-data']).toBe('"cache"');
    // A request without a cookie is only refused.
    const none = await suite.t.app.inject({ method: 'GET', url: '/api/orders/list/0?page=1&size=10' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['clear-site-data']).toBeUndefined();
    // Another session of the same user still answers, with its end.
    const live = await suite.t.send(ended, 'GET', '/api/orders/list/0?page=1&size=10');
    expect(live.statusCode, json(live).message).toBe(200);
    expect(live.headers['x-desk-session-expires']).toBeDefined();
  });
});
