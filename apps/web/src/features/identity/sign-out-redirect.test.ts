import { messages } from '@baletrack/contracts/errors/messages';
import { describe, expect, it } from 'vitest';
import { signOutRedirect } from './sign-out-redirect.ts';

// docs/product.md#sign-out, the spec's rule: the OAuth sign-out redirect must match the current
// origin and path, or the current host; otherwise it falls back to an https or http entry; if none
// exists, an invalid or missing redirect error is raised.

const page = (href: string) => {
  const { origin, pathname, hostname } = new URL(href);
  return { origin, pathname, hostname };
};
const onFields = page('https://farm.example.com/fields');

describe('the sign-out redirect', () => {
  it('takes the entry that starts with the page origin and path first', () => {
    const registered = [
      'https://farm.example.com/login',
      'https://farm.example.com/fields?signedOut=1',
      'https://farm.example.com/fields',
    ];
    expect(signOutRedirect(registered, onFields)).toBe(
      'https://farm.example.com/fields?signedOut=1',
    );
  });

  it('takes an entry on the page host next, whatever its path or port', () => {
    const registered = [
      'https://elsewhere.example.net/bye',
      'http://farm.example.com:8080/login',
      'https://farm.example.com/login',
    ];
    expect(signOutRedirect(registered, onFields)).toBe('http://farm.example.com:8080/login');
  });

  it('does not take a host that only contains the page host for it', () => {
    const registered = [
      'https://evil-farm.example.com.attacker.net/',
      'https://farm.example.com.attacker.net/fields',
      'http://farm.example.com:8080/',
    ];
    // Amplify's `includes` would take the first; the page host is only the last one's.
    expect(signOutRedirect(registered, onFields)).toBe('http://farm.example.com:8080/');
  });

  it('falls back to the first https entry, then the first http one', () => {
    expect(
      signOutRedirect(
        ['http://a.example.net/', 'https://b.example.net/', 'https://c.example.net/'],
        onFields,
      ),
    ).toBe('https://b.example.net/');
    expect(signOutRedirect(['http://a.example.net/', 'http://b.example.net/'], onFields)).toBe(
      'http://a.example.net/',
    );
  });

  it('never takes an entry that is not an http(s) address', () => {
    const registered = [
      'javascript:alert(document.domain)//farm.example.com/fields',
      'baletrack://farm.example.com/fields',
      'farm.example.com/fields',
      'https://b.example.net/',
    ];
    expect(signOutRedirect(registered, onFields)).toBe('https://b.example.net/');
    expect(() => signOutRedirect(registered.slice(0, 3), onFields)).toThrow(
      messages.auth.signOutRedirectMissing,
    );
  });

  it('raises the missing-redirect error when nothing is registered', () => {
    expect(() => signOutRedirect([], onFields)).toThrow(messages.auth.signOutRedirectMissing);
  });
});
