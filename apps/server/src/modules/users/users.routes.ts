/** docs/product.md section 7, "Roles, login and users": the five user calls. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addUserBodySchema, modifyCredentialsBodySchema, removeUserBodySchema, userSchema } from '@desk/domain';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/users/roles',
    route('user', ['users'], { summary: "The signed-in user's roles", response: answers.ok(z.array(z.string())) }),
    async (request) => ok(requireUser(request).roles),
  );

  app.put(
    '/api/users/modifyCredentials',
    route('user', ['users'], {
      summary: 'Change a password (needs the old one)',
      body: modifyCredentialsBodySchema,
      response: answers.none,
    }),
    async (request) => {
      await users.modifyCredentials(requireUser(request), request.body, request.ip);
      return ok(null, 'Password changed.');
    },
  );

  app.post(
    '/api/users/addNewUser',
    route('admin', ['users'], {
      summary: 'Add a user',
      body: addUserBodySchema,
      response: answers.created(userSchema),
    }),
    async (request, reply) => {
      const user = await users.add(request.body, { actor: requireUser(request).username, address: request.ip });
      return reply.code(201).send(ok(user, `User ${user.username} added.`));
    },
  );

  app.get(
    '/api/users/getUsersList',
    route('admin', ['users'], { summary: 'All users with their roles', response: answers.ok(z.array(userSchema)) }),
    async () => ok(await users.list()),
  );

  app.delete(
    '/api/users/removeUser',
    route('admin', ['users'], {
      summary: 'Remove a user (body: the username)',
      body: removeUserBodySchema,
      response: answers.none,
    }),
    async (request) => {
      await users.remove(requireUser(request), request.body, request.ip);
      return ok(null, `User ${request.body} removed.`);
    },
  );
};
