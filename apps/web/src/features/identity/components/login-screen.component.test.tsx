import { messages } from '@baletrack/contracts/errors/messages';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Amplify } from 'aws-amplify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RuntimeConfig } from '@/config/runtime-config';
import {
  onRedirectSignInFailure,
  watchRedirectSignIn,
} from '@/features/identity/api/redirect-sign-in';
import { LoginScreen } from '@/features/identity/components/login-screen';
import { configureAmplify } from '@/lib/amplify';

// The sign-in screens render on their own, without the app's providers (they load before it,
// docs/adr/0016-code-splitting-and-compression.md), and say what is wrong before the user pool
// is asked. Signing in, registering and resetting against the pool are in e2e/identity.spec.ts
// and e2e/password.spec.ts.

function renderLogin(providers?: string[]) {
  const user = userEvent.setup();
  render(<LoginScreen mailboxUrl={undefined} onSignedIn={() => {}} providers={providers} />);
  const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
  return { user, field };
}

describe('LoginScreen', () => {
  it('asks for the email and the password, each at its field, until they are typed', async () => {
    const { user, field } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(messages.validation.usernameRequired)).toBeTruthy();
    expect(screen.getByText(messages.validation.passwordRequired)).toBeTruthy();
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('Email'), 'grower@example.com');
    expect(screen.queryByText(messages.validation.usernameRequired)).toBeNull();
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText(messages.validation.passwordRequired)).toBeTruthy();
  });

  it('shows and hides the password on request', async () => {
    const { user, field } = renderLogin();
    expect(field('Password').getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show or hide characters' }));
    expect(field('Password').getAttribute('type')).toBe('text');
    // No hosted sign-in configured: no provider to sign in with.
    expect(screen.queryByRole('button', { name: /^Sign in with/ })).toBeNull();
  });

  it('opens registration, checks it with the contract rules, and goes back to sign in', async () => {
    const { user, field } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    await user.type(await screen.findByLabelText('Organization name'), 'Clover Ridge Hay');
    await user.type(field('Email'), 'grower@example.com');
    await user.type(field('Password'), 'Firstcut2026');
    await user.type(field('Confirm password'), 'Different2026');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(messages.validation.passwordsDoNotMatch)).toBeTruthy();
    expect(screen.getByText(messages.validation.eulaRequired)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'I agree to the Privacy Statement' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('takes the typed email to sign-in by a mailed code, and asks for one if none', async () => {
    const { user, field } = renderLogin();
    await user.type(field('Email'), 'grower@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByRole('heading', { name: 'Sign in with a code' })).toBeTruthy();
    // The step's form comes with the lazily loaded steps.
    await screen.findByRole('button', { name: 'Back to sign in' });
    expect(field('Email')).toHaveProperty('value', 'grower@example.com');
    // No code field until a code has been sent.
    expect(screen.queryByLabelText('Sign-in code')).toBeNull();
    await user.clear(field('Email'));
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(await screen.findByText(messages.validation.usernameRequired)).toBeTruthy();
  });
});

// The hosted sign-in with the real Amplify: its sign-in leaves for the pool's authorize endpoint
// (happy-dom only sets the address, it fetches nothing), and Amplify's listener finishes the
// callback when Amplify is configured, as on the page's load (main.tsx).
describe('LoginScreen with an outside identity provider', () => {
  const start = window.location.href;
  const origin = window.location.origin;
  const config: RuntimeConfig = {
    userPoolId: 'local_pool',
    userPoolClientId: 'hosted-sign-in-test',
    userPoolEndpoint: 'https://farm.example.com/cognito/',
    dataApiUrl: 'https://farm.example.com/data-api',
    userApiUrl: 'https://farm.example.com/user-api',
    convertApiUrl: 'https://farm.example.com/convert-api',
    version: 'test',
    oauth: {
      domain: 'farm.example.com/cognito',
      scopes: ['openid', 'email'],
      redirectSignIn: [`${origin}/`],
      redirectSignOut: [`${origin}/login`],
      providers: ['Acme Equipment'],
    },
  };
  let stopWatching = () => {};

  beforeEach(() => {
    window.history.replaceState(null, '', '/login?redirect=fields');
    stopWatching = watchRedirectSignIn();
    configureAmplify(config);
  });
  afterEach(() => {
    stopWatching();
    onRedirectSignInFailure(() => {})();
    for (const key of Object.keys(localStorage)) {
      if (key.includes(config.userPoolClientId)) localStorage.removeItem(key);
    }
    window.location.href = start;
    Amplify.configure({});
  });

  async function leaveForAcme() {
    const { user } = renderLogin(['Acme Equipment']);
    await user.click(screen.getByRole('button', { name: 'Sign in with Acme Equipment' }));
    await waitFor(() => expect(window.location.href).toMatch(/^https:\/\/farm\.example\.com\//));
    return new URL(window.location.href);
  }

  it('leaves for the provider through the hosted sign-in, with PKCE', async () => {
    const authorize = await leaveForAcme();
    expect(authorize.pathname).toBe('/cognito/oauth2/authorize');
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      identity_provider: 'Acme Equipment',
      client_id: config.userPoolClientId,
      response_type: 'code',
      redirect_uri: `${origin}/`,
      scope: 'openid email',
      code_challenge_method: 'S256',
    });
    // The route the person was going to travels in the state (hex after a dash, as Amplify writes
    // a custom state), for the app to start on once back.
    const fields = [...'fields'].map((char) => char.charCodeAt(0).toString(16)).join('');
    expect(authorize.searchParams.get('state')).toMatch(new RegExp(`^\\w+-${fields}$`));
  });

  it('says so in the form when the sign-in cannot leave for the provider', async () => {
    // Amplify configured without the hosted sign-in refuses to start one.
    configureAmplify({ ...config, oauth: undefined });
    const { user } = renderLogin(['Acme Equipment']);
    const acme = screen.getByRole('button', { name: 'Sign in with Acme Equipment' });
    await user.click(acme);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.login);
    expect(acme).toHaveProperty('disabled', false);
    expect(window.location.href).not.toMatch(/farm\.example\.com/);
  });

  it('shows why the provider sign-in failed when the callback says so', async () => {
    await leaveForAcme();
    cleanup();
    // The callback: the pool sends the browser back with the error, and the page loads again.
    window.location.href = `${origin}/?error=access_denied&error_description=${encodeURIComponent(
      'The provider has not verified this email.',
    )}`;
    configureAmplify(config);
    renderLogin(['Acme Equipment']);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The provider has not verified this email.',
    );
  });
});
