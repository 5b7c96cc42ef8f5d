import { isAdmin } from '@baletrack/contracts/identity/user';
import { useEffect, useState } from 'react';
import { readSession } from '@/lib/auth-session';
import { getSelectedOrganizationId } from '@/lib/selected-organization';

/**
 * Whose audits this phone shows: the signed-in user in the organization the calls go to (for a
 * SuperAdmin, the one acted for), read from the stored session so it is known without signal.
 * Undefined while it is read, null without a session.
 */
export function useAuditScope(): string | null | undefined {
  const [scope, setScope] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    void readSession().then((session) => {
      if (!current) return;
      const actingFor = session && isAdmin(session.groups) ? getSelectedOrganizationId() : null;
      const organizationId = actingFor ?? session?.organizationId;
      setScope(session?.userId && organizationId ? `${organizationId}.${session.userId}` : null);
    });
    return () => {
      current = false;
    };
  }, []);
  return scope;
}
