// The organization a SuperAdmin acts on (spec §6). Stored so it survives a reload; the admin
// screen that sets it is not built yet.
const storageKey = 'baletrack.selectedOrganizationId';

export function getSelectedOrganizationId(): string | null {
  return localStorage.getItem(storageKey);
}

export function setSelectedOrganizationId(organizationId: string | null): void {
  if (organizationId === null) {
    localStorage.removeItem(storageKey);
  } else {
    localStorage.setItem(storageKey, organizationId);
  }
}
