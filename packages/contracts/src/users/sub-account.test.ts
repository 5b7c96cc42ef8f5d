import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf } from '../testing/issues-of.ts';
import {
  inviteUserRequestSchema,
  subAccountSchema,
  updateUserRequestSchema,
  userRefQuerySchema,
} from './sub-account.ts';

const id = '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d';

describe('inviteUserRequestSchema', () => {
  it('takes a name, a normalized email and a role, a viewer when none is given', () => {
    expect(inviteUserRequestSchema.parse({ name: ' Bo ', email: 'Bo@Farm.example' })).toEqual({
      name: 'Bo',
      email: 'bo@farm.example',
      role: 'viewer',
    });
    const manager = { name: 'Bo', email: 'bo@farm.example', role: 'manager' };
    expect(inviteUserRequestSchema.parse(manager)).toEqual(manager);
    expect(inviteUserRequestSchema.safeParse({ ...manager, role: 'owner' }).success).toBe(false);
  });

  it('rejects a missing name and a bad email', () => {
    expect(issuesOf(inviteUserRequestSchema, { name: '', email: 'bo' })).toEqual([
      { path: 'name', message: messages.validation.nameRequired },
      { path: 'email', message: messages.validation.emailInvalid },
    ]);
  });
});

describe('updateUserRequestSchema', () => {
  it('needs the user id', () => {
    expect(updateUserRequestSchema.parse({ id, name: 'Bo' })).toEqual({ id, name: 'Bo' });
    expect(updateUserRequestSchema.safeParse({ name: 'Bo' }).success).toBe(false);
  });
});

describe('subAccountSchema', () => {
  it("accepts an invited user in status 'sent'", () => {
    const user = {
      id,
      name: 'Bo',
      email: 'bo@farm.example',
      status: 'sent',
      enabled: true,
      groups: ['AccountsViewer'],
      role: 'viewer',
    };
    expect(subAccountSchema.parse(user)).toEqual(user);
    expect(subAccountSchema.safeParse({ ...user, status: 'invited' }).success).toBe(false);
  });
});

describe('userRefQuerySchema', () => {
  it('names a user by id or by a normalized email, and needs one of them', () => {
    expect(userRefQuerySchema.parse({ id })).toEqual({ id });
    expect(userRefQuerySchema.parse({ email: ' Bo@Farm.example' })).toEqual({
      email: 'bo@farm.example',
    });
    expect(issuesOf(userRefQuerySchema, {})).toEqual([
      { path: '', message: messages.user.refRequired },
    ]);
    expect(userRefQuerySchema.safeParse({ email: 'bo' }).success).toBe(false);
  });
});
