import { messages } from '@baletrack/contracts/errors/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginScreen } from '@/features/identity/components/login-screen';

// The sign-in screens render on their own, without the app's providers (they load before it,
// docs/adr/0016-code-splitting-and-compression.md), and say what is wrong before the user pool
// is asked. Signing in, registering and resetting against the pool are in e2e/identity.spec.ts
// and e2e/password.spec.ts.

function renderLogin() {
  const user = userEvent.setup();
  render(<LoginScreen mailboxUrl={undefined} onSignedIn={() => {}} />);
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
