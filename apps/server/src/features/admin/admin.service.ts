import type {
  NewRegistryEntry,
  RegistryEntry,
  RegistryEntryChange,
  RegistryEntryList,
} from '@baletrack/contracts/admin/baler-registry';
import type {
  AdminOrganizationList,
  AdminOrganizationsQuery,
} from '@baletrack/contracts/admin/organizations';
import { messages } from '@baletrack/contracts/errors/messages';
import { isAdmin } from '@baletrack/contracts/identity/user';
import type { AppContext, Principal } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  addRegistryEntry,
  listOrganizations,
  listRegistryEntries,
  removeRegistryEntry,
  updateRegistryEntry,
} from './admin.repository.ts';

type RegistryRow = Awaited<ReturnType<typeof listRegistryEntries>>[number];

/*
 * What only SuperAdmins do, whichever organization they act on: list organizations (to pick one
 * to act for) and keep the embedded connectivity provider's registry of VINs. Everyone else gets
 * 403 'Only administrators can do this.'
 */

export async function organizationsForAdmin(
  ctx: AppContext,
  principal: Principal,
  query: AdminOrganizationsQuery,
): Promise<AdminOrganizationList> {
  assertAdmin(principal);
  const { organizations, total } = await listOrganizations(ctx.db, query);
  return {
    total,
    organizations: organizations.map((o) => ({
      id: o.id,
      name: o.name,
      ownerEmail: o.ownerEmail ?? null,
      userCount: Number(o.userCount ?? 0),
      balerCount: Number(o.balerCount ?? 0),
      baleCount: Number(o.baleCount ?? 0),
      isDemo: o.isDemo,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}

export async function balerRegistry(
  ctx: AppContext,
  principal: Principal,
  search?: string,
): Promise<RegistryEntryList> {
  assertAdmin(principal);
  return { entries: (await listRegistryEntries(ctx.db, search)).map(toRegistryEntry) };
}

export async function addBalerToRegistry(
  ctx: AppContext,
  principal: Principal,
  input: NewRegistryEntry,
): Promise<RegistryEntry> {
  assertAdmin(principal);
  const { vin, ...fields } = input;
  if (!(await addRegistryEntry(ctx.db, vin, fields))) {
    throw new AppError('CONFLICT', messages.admin.registryEntryExists);
  }
  return registryEntry(ctx, vin);
}

export async function changeRegistryEntry(
  ctx: AppContext,
  principal: Principal,
  vin: string,
  fields: RegistryEntryChange,
): Promise<RegistryEntry> {
  assertAdmin(principal);
  if (!(await updateRegistryEntry(ctx.db, vin, fields))) {
    throw new AppError('NOT_FOUND', messages.admin.registryEntryNotFound);
  }
  return registryEntry(ctx, vin);
}

export async function removeBalerFromRegistry(
  ctx: AppContext,
  principal: Principal,
  vin: string,
): Promise<void> {
  assertAdmin(principal);
  if (!(await removeRegistryEntry(ctx.db, vin))) {
    throw new AppError('NOT_FOUND', messages.admin.registryEntryNotFound);
  }
}

async function registryEntry(ctx: AppContext, vin: string): Promise<RegistryEntry> {
  const row = (await listRegistryEntries(ctx.db, vin)).find((r) => r.vin === vin);
  if (!row) throw new AppError('NOT_FOUND', messages.admin.registryEntryNotFound);
  return toRegistryEntry(row);
}

function toRegistryEntry(row: RegistryRow): RegistryEntry {
  return {
    vin: row.vin,
    registered: row.registered,
    acmEmail: row.acmEmail,
    acmStatus: row.acmStatus,
    acmExpiry: row.acmExpiry ? new Date(row.acmExpiry).toISOString() : null,
    registeredTo:
      row.organizationId && row.organizationName
        ? { id: row.organizationId, name: row.organizationName }
        : null,
  };
}

function assertAdmin(principal: Principal): void {
  if (!isAdmin(principal.groups)) throw new AppError('FORBIDDEN', messages.roles.adminOnly);
}
