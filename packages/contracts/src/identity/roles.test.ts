import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { capabilities, capabilityRefusals, groupsWithRole, may, roleOf } from './roles.ts';

describe('roles (docs/product.md#roles)', () => {
  it('reads the role from the groups; SuperAdmins act as owner, no role group is a viewer', () => {
    expect(roleOf(['AccountsOwner'])).toBe('owner');
    expect(roleOf(['SuperAdmins'])).toBe('owner');
    expect(roleOf(['AccountsManager'])).toBe('manager');
    expect(roleOf(['AccountsViewer'])).toBe('viewer');
    expect(roleOf([])).toBe('viewer');
    expect(roleOf(undefined)).toBe('viewer');
  });

  it('lets the owner do everything', () => {
    for (const capability of capabilities) expect(may(['AccountsOwner'], capability)).toBe(true);
  });

  it('lets a manager do everything but people, balers, billing, account data and closing', () => {
    const allowed = capabilities.filter((c) => may(['AccountsManager'], c));
    expect(allowed).toEqual(['farmData', 'automatedReports', 'settings', 'prices', 'loads']);
  });

  it('lets a viewer change nothing', () => {
    expect(capabilities.filter((c) => may(['AccountsViewer'], c))).toEqual([]);
  });

  it('refuses with the words of the rule', () => {
    expect(capabilityRefusals.people).toBe(messages.roles.ownerOnlyUsers);
    expect(capabilityRefusals.farmData).toBe(messages.roles.viewerReadOnly);
  });

  it('swaps the role group and keeps any other group', () => {
    expect(groupsWithRole(['AccountsManager'], 'viewer')).toEqual(['AccountsViewer']);
    expect(groupsWithRole(['Beta', 'AccountsViewer'], 'manager')).toEqual([
      'Beta',
      'AccountsManager',
    ]);
  });
});
