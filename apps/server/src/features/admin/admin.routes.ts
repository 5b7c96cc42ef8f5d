import {
  newRegistryEntrySchema,
  registryEntryChangeSchema,
  registryEntryListSchema,
  registryEntrySchema,
  registrySearchQuerySchema,
  registryVinParamsSchema,
} from '@baletrack/contracts/admin/baler-registry';
import {
  adminOrganizationListSchema,
  adminOrganizationsQuerySchema,
} from '@baletrack/contracts/admin/organizations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addBalerToRegistry,
  balerRegistry,
  changeRegistryEntry,
  organizationsForAdmin,
  removeBalerFromRegistry,
} from './admin.service.ts';

const tags = ['admin'];

/** API 2, SuperAdmins only: organizations to act for, and the connectivity provider's registry. */
export async function adminRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/organizations',
    {
      schema: {
        summary: 'Organizations with their owner and figures (SuperAdmins)',
        tags,
        querystring: adminOrganizationsQuerySchema,
        response: { 200: adminOrganizationListSchema },
      },
    },
    async (request) => organizationsForAdmin(app.ctx, request.principal, request.query),
  );
  app.get(
    '/admin/baler-registry',
    {
      schema: {
        summary: "The embedded connectivity provider's VINs (SuperAdmins)",
        tags,
        querystring: registrySearchQuerySchema,
        response: { 200: registryEntryListSchema },
      },
    },
    async (request) => balerRegistry(app.ctx, request.principal, request.query.search),
  );
  app.post(
    '/admin/baler-registry',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Add a VIN with its ACM subscription (SuperAdmins)',
        tags,
        body: newRegistryEntrySchema,
        response: { 201: registryEntrySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addBalerToRegistry(app.ctx, request.principal, request.body)),
  );
  app.put(
    '/admin/baler-registry/:vin',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Change what the registry says about a VIN (SuperAdmins)',
        tags,
        params: registryVinParamsSchema,
        body: registryEntryChangeSchema,
        response: { 200: registryEntrySchema },
      },
    },
    async (request) =>
      changeRegistryEntry(app.ctx, request.principal, request.params.vin, request.body),
  );
  app.delete(
    '/admin/baler-registry/:vin',
    {
      config: { notForManagers: true },
      schema: {
        summary: 'Remove a VIN from the registry (SuperAdmins)',
        tags,
        params: registryVinParamsSchema,
      },
    },
    async (request, reply) => {
      await removeBalerFromRegistry(app.ctx, request.principal, request.params.vin);
      return reply.status(204).send();
    },
  );
}
