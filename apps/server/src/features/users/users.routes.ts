import {
  registerRequestSchema,
  registerResponseSchema,
} from '@baletrack/contracts/identity/register';
import { currentUserSchema, organizationSchema } from '@baletrack/contracts/identity/user';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actingOrganization, registerOrganization, signedInUser } from './users.service.ts';

/** API 2: registration (public) and the signed-in user's own user and organization. */
export async function usersRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/public/user/register',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        summary: 'Register an organization and its account owner',
        tags: ['users'],
        body: registerRequestSchema,
        response: { 201: registerResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registerOrganization(app.ctx, request.body, request.log)),
  );

  app.get(
    '/user',
    {
      schema: {
        summary: 'The signed-in user',
        tags: ['users'],
        response: { 200: currentUserSchema },
      },
    },
    async (request) => signedInUser(app.ctx, request.principal),
  );

  app.get(
    '/user/organization',
    {
      schema: {
        summary: 'The organization the caller acts on',
        tags: ['users'],
        response: { 200: organizationSchema },
      },
    },
    async (request) => actingOrganization(app.ctx, request.principal),
  );
}
