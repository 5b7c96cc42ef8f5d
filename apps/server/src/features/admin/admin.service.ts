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

/**
 * What only SuperAdmins do, whichever organization they act on: list organizations (to pick one
 * to act for) and keep the embedded connectivity provider's registry of VINs. Everyone else gets
 * 403 'Only administrators can do this.'
 */
export class AdminService {
  constructor(private readonly ctx: AppContext) {}

  async organizations(
    principal: Principal,
    query: AdminOrganizationsQuery,
  ): Promise<AdminOrganizationList> {
    assertAdmin(principal);
    const { organizations, total } = await listOrganizations(this.ctx.db, query);
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

  async registry(principal: Principal, search?: string): Promise<RegistryEntryList> {
    assertAdmin(principal);
    return { entries: (await listRegistryEntries(this.ctx.db, search)).map(toRegistryEntry) };
  }

  async addRegistryEntry(principal: Principal, input: NewRegistryEntry): Promise<RegistryEntry> {
    assertAdmin(principal);
    const { vin, ...fields } = input;
    if (!(await addRegistryEntry(this.ctx.db, vin, fields))) {
      throw new AppError('CONFLICT', messages.admin.registryEntryExists);
    }
    return this.#entry(vin);
  }

  async updateRegistryEntry(
    principal: Principal,
    vin: string,
    fields: RegistryEntryChange,
  ): Promise<RegistryEntry> {
    assertAdmin(principal);
    if (!(await updateRegistryEntry(this.ctx.db, vin, fields))) {
      throw new AppError('NOT_FOUND', messages.admin.registryEntryNotFound);
    }
    return this.#entry(vin);
  }

  async removeRegistryEntry(principal: Principal, vin: string): Promise<void> {
    assertAdmin(principal);
    if (!(await removeRegistryEntry(this.ctx.db, vin))) {
      throw new AppError('NOT_FOUND', messages.admin.registryEntryNotFound);
    }
  }

  async #entry(vin: string): Promise<RegistryEntry> {
    const row = (await listRegistryEntries(this.ctx.db, vin)).find((r) => r.vin === vin);
    if (!row) throw new AppError('NOT_FOUND', messages.admin.registryEntryNotFound);
    return toRegistryEntry(row);
  }
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
