import {
  closeAccountResponseSchema,
  deleteAccountRequestSchema,
} from '@baletrack/contracts/account/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { closeAccount, requireAccountOwner } from './close-account.service.ts';

/** API 2: closing the account (docs/product.md#account). */
export async function accountRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.delete(
    '/user/close-account',
    {
      config: { notForManagers: true, rateLimit: { max: 10, timeWindow: '1 hour' } },
      // Who may comes before what was typed: a sub-user learns nothing from the body's check.
      preValidation: async (request) => requireAccountOwner(request.principal),
      schema: {
        summary: 'Close the account: mail the data export, then delete everything of it',
        description:
          "The owner's, for their own organization; the body must say `DELETE`. The export is " +
          'built and mailed first (500 with "Error generating report - delete aborted..." if ' +
          'not, and nothing is deleted), then the organization, its people and all its data ' +
          'are deleted in one transaction (500 with "Error deleting account..." if that fails, ' +
          'and nothing is).',
        tags: ['account'],
        body: deleteAccountRequestSchema,
        response: { 200: closeAccountResponseSchema },
      },
    },
    async (request) => {
      try {
        return await closeAccount(app.ctx, request.principal);
      } catch (error) {
        if (error instanceof AppError && error.cause) {
          request.log.error({ err: error.cause }, error.message);
        }
        throw error;
      }
    },
  );
}
