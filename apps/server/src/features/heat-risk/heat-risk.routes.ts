import { heatRiskResponseSchema } from '@baletrack/contracts/heat-risk/heat-risk';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { heatRiskWatchList } from './heat-risk.service.ts';

/** The heat-risk watch list (docs/product.md#beyond-the-spec-heat-risk); every user may read it. */
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
}
