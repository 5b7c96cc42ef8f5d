import { z } from 'zod';

const dateTime = z.iso.datetime({ offset: true });

/** Most organizations one page of the admin list holds. */
export const ADMIN_PAGE_MAX = 200;

/** One organization as a SuperAdmin's Admin screen lists it (GET /admin/organizations). */
export const adminOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first account owner's email; null for an organization without one (operators'). */
  ownerEmail: z.string().nullable(),
  userCount: z.number().int().min(0),
  balerCount: z.number().int().min(0),
  baleCount: z.number().int().min(0),
  isDemo: z.boolean(),
  createdAt: dateTime,
});
export type AdminOrganization = z.infer<typeof adminOrganizationSchema>;

export const adminOrganizationListSchema = z.object({
  organizations: z.array(adminOrganizationSchema),
  /** How many match the search, beyond this page too. */
  total: z.number().int().min(0),
});
export type AdminOrganizationList = z.infer<typeof adminOrganizationListSchema>;

/** Query of GET /admin/organizations: `search` matches name or owner email, any case. */
export const adminOrganizationsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminOrganizationsQuery = z.infer<typeof adminOrganizationsQuerySchema>;
