import {
  heatRiskRecipientsSchema,
  heatRiskResponseSchema,
} from '@baletrack/contracts/heat-risk/heat-risk';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  chooseHeatRiskRecipients,
  heatRiskRecipients,
  heatRiskWatchList,
} from './heat-risk.service.ts';

/**
 * The heat-risk watch list (docs/product.md#beyond-the-spec-heat-risk), every user may read it;
 * and who besides the owner gets its daily mail, the owner's choice.
 */
export async function heatRiskRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/heat-risk',
    {
      schema: {
        summary: 'Bales and stacks at risk of heating, most urgent first, each with why',
        tags: ['heat-risk'],
        response: { 200: heatRiskResponseSchema },
      },
    },
    async (request) => heatRiskWatchList(app.ctx, request.principal.orgId),
  );

  app.get(
    '/heat-risk/recipients',
    {
      schema: {
        summary: 'The people chosen to get the daily heat-risk mail besides the owner (owner only)',
        tags: ['heat-risk'],
        response: { 200: heatRiskRecipientsSchema },
      },
    },
    async (request) => heatRiskRecipients(app.ctx, request.principal),
  );
  app.put(
    '/heat-risk/recipients',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Choose who gets the daily heat-risk mail besides the owner (owner only)',
        tags: ['heat-risk'],
        body: heatRiskRecipientsSchema,
        response: { 200: heatRiskRecipientsSchema },
      },
    },
    async (request) => chooseHeatRiskRecipients(app.ctx, request.principal, request.body),
  );
}
