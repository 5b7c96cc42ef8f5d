// The organization a SuperAdmin acts on (docs/product.md#superadmins), chosen on the Admin screen.
// Stored so it survives a reload; listeners let the banner follow a change made anywhere on the
// page.
const storageKey = 'baletrack.selectedOrganizationId';
const listeners = new Set<() => void>();

export function getSelectedOrganizationId(): string | null {
  return localStorage.getItem(storageKey);
}

export function setSelectedOrganizationId(organizationId: string | null): void {
  if (organizationId === null) {
    localStorage.removeItem(storageKey);
  } else {
    localStorage.setItem(storageKey, organizationId);
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change of the selection; returns the unsubscribe function. */
export function subscribeSelectedOrganization(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
