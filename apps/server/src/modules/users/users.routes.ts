/** docs/product.md section 7, "Roles, login and users": the user calls. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addUserBodySchema,
  modifyCredentialsBodySchema,
  removeUserBodySchema,
  setUserRolesBodySchema,
  userSchema,
} from '@desk/domain';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/envelope.js';
import { answers } from '../../lib/response-schemas.js';
import { route } from '../../lib/routes.js';
import type { UsersService } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/users/roles',
    route('yard', ['users'], { summary: "The signed-in user's roles", response: answers.ok(z.array(z.string())) }),
    async (request) => ok(requireUser(request).roles),
  );

  app.put(
    '/api/users/roles',
    route('admin', ['users'], {
      summary:
        "Set a user's roles (ROLE_USER staff, ROLE_ADMIN administrator, ROLE_YARD the Loaders only); the last administrator keeps ROLE_ADMIN (409). Answers the roles held",
      body: setUserRolesBodySchema,
      response: answers.ok(z.array(z.string())),
    }),
    async (request) => {
      const { username, roles } = await users.setRoles(requireUser(request), request.body, request.ip);
      return ok(roles, `${username} now holds ${roles.join(', ')}.`);
    },
  );

  app.put(
    '/api/users/modifyCredentials',
    route('yard', ['users'], {
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
