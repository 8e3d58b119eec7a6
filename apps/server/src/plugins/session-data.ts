/**
 * What a browser keeps of a session (docs/architecture.md section 12; issue 37, finding 6):
 * - every answer to a signed-in request says when the session ends if nothing more is done with
 *   it (`X-Desk-Session-Expires`), so the yard tablet's service worker serves its offline copies
 *   no longer than the session lasts (public/sw.js);
 * - an answer of 401 to a request whose session cookie names a session that has ended (signed
 *   out elsewhere, ended by an administrator, expired) carries `Clear-Site-Data: "cache"`, as the
 *   sign-out does, so the browser's HTTP cache keeps nothing of it. The offline copies in Cache
 *   Storage are deleted by the page when it hears the 401 (lib/offline-copies.ts): the "storage"
 *   directive would also clear the tab's sessionStorage, which says where to go back after signing
 *   in again.
 */
import fp from 'fastify-plugin';
import { readSessionToken } from './auth.js';

export const SESSION_EXPIRES_HEADER = 'x-desk-session-expires';
export const CLEAR_CACHE = '"cache"';

export const sessionDataPlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply) => {
    const expiresAt = request.user?.expiresAt;
    if (expiresAt !== undefined) reply.header(SESSION_EXPIRES_HEADER, new Date(expiresAt).toISOString());
    else if (reply.statusCode === 401 && readSessionToken(request) !== null)
      reply.header('clear-site-data', CLEAR_CACHE);
  });
});
