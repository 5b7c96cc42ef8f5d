import { settingsSchema } from '@baletrack/contracts/settings/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changeSettings, getSettings } from './settings.service.ts';

// The spec names no settings call; this path sits beside GET /user/organization, whose
// settings they are.
const path = '/user/organization/settings';

/** API 2: the organization's settings (RFV or nutrition, measurement system, crop year). */
export async function settingsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  app.get(
    path,
    {
      schema: {
        summary: "The organization's settings",
        tags,
        response: { 200: settingsSchema },
      },
    },
    async (request) => getSettings(app.ctx, request.principal.orgId),
  );

  app.put(
    path,
    {
      schema: {
        summary: "Change the organization's settings (account owner only)",
        tags,
        body: settingsSchema,
        response: { 200: settingsSchema },
      },
    },
    async (request) => changeSettings(app.ctx, request.principal, request.body),
  );
}
