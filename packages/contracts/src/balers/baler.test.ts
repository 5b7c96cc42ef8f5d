import { describe, expect, it } from 'vitest';
import { messages } from '../errors/messages.ts';
import { issuesOf, messagesAt } from '../testing/issues-of.ts';
import {
  authorizedEmailSchema,
  authorizedEmailStatuses,
  balerActiveQuerySchema,
  balerSchema,
  registerBalerRequestSchema,
  registryAcmStatuses,
  vinSchema,
} from './baler.ts';

describe('vinSchema', () => {
  it('trims and upper-cases a 17-character VIN', () => {
    expect(vinSchema.parse(' agc1234567890abcd ')).toBe('AGC1234567890ABCD');
  });

  it.each(['AGC123456789', 'AGC1234567890ABCDE', 'AGC1234567890ABCO', 'AGC12345-7890ABCD'])(
    'rejects %s',
    (vin) => {
      expect(messagesAt(vinSchema, vin, '')).toEqual([messages.baler.vinInvalid]);
    },
  );
});

describe('registerBalerRequestSchema', () => {
  it('needs a VIN and a name', () => {
    expect(
      registerBalerRequestSchema.parse({ vin: 'AGC1234567890ABCD', name: 'Big square' }),
    ).toEqual({ vin: 'AGC1234567890ABCD', name: 'Big square' });
    expect(issuesOf(registerBalerRequestSchema, { vin: '', name: '' })).toEqual([
      { path: 'vin', message: messages.baler.vinInvalid },
      { path: 'name', message: messages.validation.nameRequired },
    ]);
  });
});

describe('authorized emails', () => {
  it('have the statuses Expired, Deleted, Pending and Active', () => {
    expect(authorizedEmailStatuses).toEqual(['Expired', 'Deleted', 'Pending', 'Active']);
    expect(authorizedEmailSchema.parse({ email: 'Dad@Farm.example', status: 'Pending' })).toEqual({
      email: 'dad@farm.example',
      status: 'Pending',
    });
    const revoked = { email: 'dad@farm.example', status: 'Revoked' };
    expect(authorizedEmailSchema.safeParse(revoked).success).toBe(false);
  });
});

describe('balerSchema', () => {
  const baler = {
    id: '0b9a4c4e-3f7e-4a52-9d43-0c6a1f2b3c4d',
    name: 'Big square',
    vin: 'AGC1234567890ABCD',
    active: true,
    acmStatus: 'Active',
    autoRenew: true,
    subscriptionExpiry: '2025-12-31T23:59:59Z',
    acmExpiry: null,
    authorizedEmails: [{ email: 'dad@farm.example', status: 'Active' }],
  };

  it('accepts a baler with its subscription dates', () => {
    expect(balerSchema.parse(baler)).toEqual(baler);
  });

  it('rejects an unknown ACM status', () => {
    expect(balerSchema.safeParse({ ...baler, acmStatus: 'On' }).success).toBe(false);
  });

  it('says when no provider checked the VIN, which a registry entry never says', () => {
    expect(balerSchema.parse({ ...baler, acmStatus: 'NotChecked' }).acmStatus).toBe('NotChecked');
    expect(registryAcmStatuses).not.toContain('NotChecked');
  });
});

describe('balerActiveQuerySchema', () => {
  it('reads true and false from the query string, nothing else', () => {
    expect(balerActiveQuerySchema.parse({ active: 'true' })).toEqual({ active: true });
    expect(balerActiveQuerySchema.parse({ active: 'false' })).toEqual({ active: false });
    expect(messagesAt(balerActiveQuerySchema, { active: 'yes' }, 'active')).toEqual([
      messages.baler.activeInvalid,
    ]);
  });
});
