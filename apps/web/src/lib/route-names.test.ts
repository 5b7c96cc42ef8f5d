import { describe, expect, it } from 'vitest';
import { loginHref, pathAfterSignIn, routeNameForPath } from './route-names.ts';

// docs/product.md#navigation-rule: login remembers the target route by name, and sign-in returns
// there.
describe('route names', () => {
  it('names the route of a path, and nothing for unknown paths', () => {
    expect(routeNameForPath('/')).toBe('home');
    expect(routeNameForPath('/login')).toBe('login');
    expect(routeNameForPath('/users')).toBe('users');
    expect(routeNameForPath('/fields')).toBe('fields');
    expect(routeNameForPath('/cuttings')).toBe('cuttings');
    expect(routeNameForPath('/help')).toBe('help');
    expect(routeNameForPath('/loads')).toBe('loads');
    expect(routeNameForPath('/audit')).toBe('audit');
    // One load's page has no name of its own: after sign-in the grower starts on the map.
    expect(routeNameForPath('/loads/0b7c6a52-5b1f-4d55-9a47-0c9f1d2b7e11')).toBeUndefined();
    expect(routeNameForPath('/no-such-page')).toBeUndefined();
  });

  it('sends a signed-out user to login with the target route name', () => {
    expect(loginHref('home')).toBe('/login?redirect=home');
    expect(loginHref(undefined)).toBe('/login');
    expect(loginHref('login')).toBe('/login');
  });

  it('returns after sign-in to the named route, and home for anything else', () => {
    expect(pathAfterSignIn(new URLSearchParams('redirect=home'))).toBe('/');
    expect(pathAfterSignIn(new URLSearchParams('redirect=users'))).toBe('/users');
    expect(pathAfterSignIn(new URLSearchParams('redirect=audit'))).toBe('/audit');
    expect(pathAfterSignIn(new URLSearchParams(''))).toBe('/');
    expect(pathAfterSignIn(new URLSearchParams('redirect=login'))).toBe('/');
    // A path or an outside address is not a route name: no open redirect.
    expect(pathAfterSignIn(new URLSearchParams('redirect=https://evil.example'))).toBe('/');
    expect(pathAfterSignIn(new URLSearchParams('redirect=constructor'))).toBe('/');
  });
});
