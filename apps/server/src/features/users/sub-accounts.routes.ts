import {
  changeRoleRequestSchema,
  inviteUserRequestSchema,
  subAccountListSchema,
  subAccountSchema,
  updateUserRequestSchema,
  userGroupQuerySchema,
  userRefQuerySchema,
} from '@baletrack/contracts/users/sub-account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changeSubAccountRole,
  deleteSubAccount,
  inviteSubAccount,
  organizationUsers,
  reinviteSubAccount,
  renameSubAccount,
  setSubAccountEnabled,
} from './sub-accounts.service.ts';

const tags = ['users'];

/** API 2: the owner's user management (the /users and /user calls of docs/product.md#user-api). */
export async function subAccountsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const list = { response: { 200: subAccountListSchema } };
  const one = { response: { 200: subAccountSchema } };
  // Invites send mail: a stolen owner session must not turn the server into a mail cannon.
  const mailing = { rateLimit: { max: 100, timeWindow: '1 hour' } };

  app.get(
    '/users',
    { schema: { summary: "The organization's sub-account users", tags, ...list } },
    async (request) => organizationUsers(app.ctx, request.principal, { subAccounts: true }),
  );
  app.get(
    '/users/group',
    {
      schema: {
        summary: "The organization's users in one group",
        tags,
        querystring: userGroupQuerySchema,
        ...list,
      },
    },
    async (request) =>
      organizationUsers(app.ctx, request.principal, { group: request.query.group }),
  );
  app.get(
    '/users/organization',
    { schema: { summary: "All of the organization's users", tags, ...list } },
    async (request) => organizationUsers(app.ctx, request.principal),
  );

  app.post(
    '/user',
    {
      config: { ...mailing, notForManagers: true },
      schema: {
        summary: 'Invite a sub-account user (mails a temporary password)',
        tags,
        body: inviteUserRequestSchema,
        response: { 201: subAccountSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await inviteSubAccount(app.ctx, request.principal, request.body, request.log)),
  );
  app.put(
    '/user',
    {
      config: { notForManagers: true },
      schema: { summary: 'Rename a user', tags, body: updateUserRequestSchema, ...one },
    },
    async (request) => renameSubAccount(app.ctx, request.principal, request.body, request.log),
  );
  app.put(
    '/user/role',
    {
      config: { notForManagers: true },
      schema: {
        summary: "Change a user's role (manager or viewer); applies to their next call",
        tags,
        body: changeRoleRequestSchema,
        ...one,
      },
    },
    async (request) => changeSubAccountRole(app.ctx, request.principal, request.body, request.log),
  );
  app.delete(
    '/user',
    {
      config: { notForManagers: true },
      schema: { summary: 'Delete a user', tags, querystring: userRefQuerySchema },
    },
    async (request, reply) => {
      await deleteSubAccount(app.ctx, request.principal, request.query, request.log);
      return reply.status(204).send();
    },
  );
  app.put(
    '/user/enable',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Let a user sign in again',
        tags,
        querystring: userRefQuerySchema,
        ...one,
      },
    },
    async (request) =>
      setSubAccountEnabled(app.ctx, request.principal, request.query, true, request.log),
  );
  app.put(
    '/user/disable',
    {
      config: { notForManagers: true },
      schema: {
        summary: "Stop a user's sign-in and end their sessions",
        tags,
        querystring: userRefQuerySchema,
        ...one,
      },
    },
    async (request) =>
      setSubAccountEnabled(app.ctx, request.principal, request.query, false, request.log),
  );
  app.put(
    '/user/reinvite',
    {
      config: { ...mailing, notForManagers: true },
      schema: {
        summary: 'Re-send the invite with a new temporary password',
        tags,
        querystring: userRefQuerySchema,
        ...one,
      },
    },
    async (request) => reinviteSubAccount(app.ctx, request.principal, request.query, request.log),
  );
}
