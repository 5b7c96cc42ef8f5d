import { passwordSchema } from '@baletrack/contracts/identity/register';
import { describe, expect, it } from 'vitest';
import { temporaryPassword } from './temporary-password.ts';

describe('temporaryPassword', () => {
  it('always meets the password policy, without characters people confuse', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = temporaryPassword();
      expect(passwordSchema.safeParse(password).success, password).toBe(true);
      expect(password).toHaveLength(14);
      expect(password).not.toMatch(/[O0lI1]/);
      seen.add(password);
    }
    expect(seen.size).toBe(500);
  });
});
