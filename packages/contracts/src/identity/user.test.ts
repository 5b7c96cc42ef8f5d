import { describe, expect, it } from 'vitest';
import {
  canReinvite,
  currentUserSchema,
  idTokenClaimsSchema,
  isAdmin,
  isAuthorizedUser,
  organizationSchema,
  userGroups,
  userStatusByPoolStatus,
  userStatusSchema,
} from './user.ts';

describe('roles (docs/product.md#roles)', () => {
  it('names the owner, manager, viewer and SuperAdmin groups', () => {
    expect(userGroups).toEqual([
      'AccountsOwner',
      'AccountsManager',
      'AccountsViewer',
      'SuperAdmins',
    ]);
  });

  it('counts owners and super admins as authorized users, others not', () => {
    expect(isAuthorizedUser(['AccountsOwner'])).toBe(true);
    expect(isAuthorizedUser(['SuperAdmins'])).toBe(true);
    expect(isAuthorizedUser(['AccountsOwner', 'SuperAdmins'])).toBe(true);
    expect(isAuthorizedUser([])).toBe(false);
    expect(isAuthorizedUser(['Viewers'])).toBe(false);
    expect(isAuthorizedUser(['AccountsManager'])).toBe(false);
    expect(isAuthorizedUser(undefined)).toBe(false);
  });

  it('makes only super admins admins', () => {
    expect(isAdmin(['SuperAdmins'])).toBe(true);
    expect(isAdmin(['AccountsOwner', 'SuperAdmins'])).toBe(true);
    expect(isAdmin(['AccountsOwner'])).toBe(false);
    expect(isAdmin(undefined)).toBe(false);
  });
});

describe('user status', () => {
  it("has the spec's 'sent' state, re-invitable only while sent", () => {
    expect(userStatusSchema.parse('sent')).toBe('sent');
    expect(canReinvite('sent')).toBe(true);
    expect(canReinvite('confirmed')).toBe(false);
    expect(userStatusSchema.safeParse('Sent').success).toBe(false);
  });

  it('reads an invited user of a Cognito pool as sent', () => {
    expect(userStatusByPoolStatus.FORCE_CHANGE_PASSWORD).toBe('sent');
    expect(userStatusByPoolStatus.CONFIRMED).toBe('confirmed');
  });
});

describe('currentUserSchema', () => {
  const user = {
    id: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
    email: 'ann@farm.example',
    name: null,
    organizationId: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    groups: ['AccountsOwner'],
    status: 'confirmed',
    enabled: true,
  };

  it('accepts the GET /user body', () => {
    expect(currentUserSchema.parse(user)).toEqual(user);
  });

  it('rejects an unknown group', () => {
    expect(currentUserSchema.safeParse({ ...user, groups: ['Root'] }).success).toBe(false);
  });
});

describe('organizationSchema', () => {
  const organization = {
    id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    name: 'Prairie Hay Co',
    createdAt: '2025-11-04T09:05:03.000Z',
  };

  it('accepts an ISO creation time', () => {
    expect(organizationSchema.parse(organization)).toEqual(organization);
  });

  it('rejects a creation time that is not ISO', () => {
    const bad = { ...organization, createdAt: 'Tue Nov 4 2025' };
    expect(organizationSchema.safeParse(bad).success).toBe(false);
  });
});

describe('idTokenClaimsSchema', () => {
  const claims = {
    sub: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
    email: 'ann@farm.example',
    'cognito:groups': ['AccountsOwner'],
    'custom:accountId': '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
    aud: 'client-id',
    iss: 'http://localhost:3000/identity/eu-west-1_local',
    token_use: 'id',
    iat: 1_762_246_000,
    exp: 1_762_249_600,
  };

  it('accepts an id token without groups', () => {
    const { 'cognito:groups': _groups, ...noGroups } = claims;
    expect(idTokenClaimsSchema.parse(noGroups)).toEqual(noGroups);
  });

  it('rejects an access token and a token without the account claim', () => {
    expect(idTokenClaimsSchema.safeParse({ ...claims, token_use: 'access' }).success).toBe(false);
    const { 'custom:accountId': _account, ...noAccount } = claims;
    expect(idTokenClaimsSchema.safeParse(noAccount).success).toBe(false);
  });
});
