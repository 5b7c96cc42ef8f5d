import { describe, expect, it } from 'vitest';
import { messages } from './messages.ts';

/** Every string in the catalogue, with its dotted key. */
function leaves(node: object, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([key, value]): [string, string][] => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') return [[path, value]];
    if (typeof value === 'object' && value !== null) return leaves(value, path);
    return [];
  });
}

// The spec's texts (docs/product.md#error-catalogue, #validation-rules, #roles), verbatim, with
// {product} = Baletrack.
const specTexts = [
  'An error occurred. Please try again, check your connection, or contact Baletrack support.',
  'An error occurred. Please try again or contact support.',
  'A filter with this name already exists.',
  'Filter is being used for automatic reports. Please remove it before deleting.',
  'User creation failed. Please try again.',
  'User already exists',
  'User already exists in another organization',
  'User does not exist',
  'Delete failed - please unsubscribe user from automatic report.',
  'Failed to change password. Please check your login status or try again later.',
  'No balers associated with this account',
  'Email already exists',
  'This VIN is already registered to your account.',
  'Failed to register baler. Check to ensure that the VIN is correct and that the baler is ' +
    'registered with the equipment connectivity provider.',
  'Maximum report recipients is 50.',
  'Failed to delete crop',
  'The autoSignIn flow has not started, or has been cancelled/completed.',
  'An error occurred when attempting to log out from OAuth provider.',
  'Invalid Idtoken.',
  'Received undefined response from getId operation',
  'Cognito did not respond with either Credentials, AccessKeyId or SecretKey.',
  'Failed to refresh token.',
  'Invalid auth tokens',
  'No PrimeVue Toast provided!',
  'Passwords do not match',
  'You must agree to the EULA',
  'You must agree to the Privacy Statement',
  'Only the account owner can modify users.',
  'Only the account owner can modify balers.',
  'Automated reports are only available to account owners',
];

describe('messages', () => {
  const texts = leaves(messages).map(([, text]) => text);

  it('holds every spec text exactly once', () => {
    for (const text of specTexts) {
      expect(
        texts.filter((candidate) => candidate === text),
        text,
      ).toHaveLength(1);
    }
  });

  it('never gives two keys the same text', () => {
    const seen = new Map<string, string>();
    for (const [path, text] of leaves(messages)) {
      expect(seen.get(text), `${path} repeats ${seen.get(text)}`).toBeUndefined();
      seen.set(text, path);
    }
  });

  it('substitutes the product name into the generic message', () => {
    expect(messages.generic).toBe(
      'An error occurred. Please try again, check your connection, or contact Baletrack support.',
    );
    expect(texts.some((text) => text.includes('{product}'))).toBe(false);
  });

  it('pins the validation texts', () => {
    expect(messages.validation).toMatchObject({
      passwordsDoNotMatch: 'Passwords do not match',
      eulaRequired: 'You must agree to the EULA',
      privacyRequired: 'You must agree to the Privacy Statement',
      organizationNameTooShort: 'Organization name must be at least 3 characters.',
      passwordTooShort: 'Password must be at least 8 characters.',
      passwordNeedsNumber: 'Password must contain at least 1 number.',
      passwordNeedsLowercase: 'Password must contain at least 1 lowercase letter.',
      passwordNeedsUppercase: 'Password must contain at least 1 uppercase letter.',
      usernameRequired: 'Username is required.',
      passwordRequired: 'Password is required.',
      emailInvalid: 'Please enter a valid email address.',
    });
  });

  it('pins the filter, user and password-change texts', () => {
    expect(messages.login).toBe('An error occurred. Please try again or contact support.');
    expect(messages.filter).toEqual({
      createFailed: 'Failed to create filter',
      updateFailed: 'Failed to update filter',
      deleteFailed: 'Failed to delete filter',
      nameExists: 'A filter with this name already exists.',
      usedByAutomaticReport:
        'Filter is being used for automatic reports. Please remove it before deleting.',
    });
    expect(messages.user).toEqual({
      creationFailed: 'User creation failed. Please try again.',
      updateFailed: 'User update failed. Please try again.',
      deleteFailed: 'User deletion failed. Please try again.',
      reinviteFailed: 'Re-sending the invite failed. Please try again.',
      alreadyExists: 'User already exists',
      existsInAnotherOrganization: 'User already exists in another organization',
      doesNotExist: 'User does not exist',
      deleteUnsubscribeFirst: 'Delete failed - please unsubscribe user from automatic report.',
      // Ours: the rules the spec states without a text.
      cannotDisableSelf: 'You cannot disable your own user.',
      cannotDeleteSelf: 'You cannot delete your own user. To leave, close the account instead.',
      inviteAlreadyAccepted: 'This user has already signed in, so there is no invite to re-send.',
      refRequired: 'Name the user by id or by email.',
    });
    expect(messages.passwordChange.failed).toBe(
      'Failed to change password. Please check your login status or try again later.',
    );
  });

  it('pins the owner-only texts (docs/product.md#error-catalogue)', () => {
    expect(messages.roles.ownerOnlyUsers).toBe('Only the account owner can modify users.');
    expect(messages.roles.ownerOnlyBalers).toBe('Only the account owner can modify balers.');
    expect(messages.roles.ownerOnlyAutomatedReports).toBe(
      'Automated reports are only available to account owners',
    );
  });

  it('pins the baler texts, the elided ones written out in full', () => {
    expect(messages.baler).toMatchObject({
      noBalers: 'No balers associated with this account',
      emailExists: 'Email already exists',
      vinAlreadyRegistered: 'This VIN is already registered to your account.',
      vinRegisteredToAnotherAccount:
        'This VIN is registered to another account. Please contact the previous owner or ' +
        'Baletrack support.',
      notAuthorized:
        'You are not authorized to make changes to this baler. Its ACM subscription must be ' +
        'under your account email or an authorized email.',
    });
  });

  it('pins the automated-report and account-deletion texts', () => {
    expect(messages.autoReport).toMatchObject({
      fetchFailed: 'Failed to load automated reports',
      saveFailed: 'Failed to save automated report',
      deleteFailed: 'Failed to delete automated report',
      maxRecipients: 'Maximum report recipients is 50.',
      missingRequiredFields: 'Please select a filter, a frequency and at least one recipient.',
    });
    expect(messages.accountDeletion).toEqual({
      confirmationMismatch: 'Type DELETE to confirm.',
      reportFailed:
        'Error generating report - delete aborted. Your account has not been deleted; please ' +
        'try again or contact Baletrack support.',
      deleteFailed: 'Error deleting account. Please try again or contact Baletrack support.',
    });
  });

  it('pins create, edit and delete failures for fields, cuttings and crops', () => {
    const { field, cutting, crop } = messages.fieldCuttingCrop;
    expect([field, cutting, crop]).toEqual(
      ['field', 'cutting', 'crop'].map((thing) => ({
        createFailed: `Failed to create ${thing}`,
        updateFailed: `Failed to update ${thing}`,
        deleteFailed: `Failed to delete ${thing}`,
      })),
    );
  });

  it('pins the authentication texts verbatim', () => {
    expect(messages.auth).toEqual({
      autoSignInNotStarted: 'The autoSignIn flow has not started, or has been cancelled/completed.',
      oauthSignOutFailed: 'An error occurred when attempting to log out from OAuth provider.',
      invalidIdToken: 'Invalid Idtoken.',
      undefinedGetIdResponse: 'Received undefined response from getId operation',
      missingCredentials:
        'Cognito did not respond with either Credentials, AccessKeyId or SecretKey.',
      refreshFailed: 'Failed to refresh token.',
      invalidAuthTokens: 'Invalid auth tokens',
      // Ours: the spec's OAuth sign-out redirect rule names the error, not its text.
      signOutRedirectMissing: 'The sign-out address is missing or not registered for this app.',
    });
  });

  it('pins the subscription texts', () => {
    expect(messages.subscriptions).toMatchObject({
      notEnoughCredits: 'Not enough credits. Buy credits or remove a scheduled month.',
      pastMonth:
        'This month is too long past. Credits can go to months from the start of last crop year on.',
      beyondGrid: 'Months of next year can be applied from December on.',
      alreadyApplied: 'This month already has a credit.',
      activeMonth: 'An active month cannot be removed; its credit is used.',
      confirmCurrentMonth:
        'Applying the current month, or one that is over, starts it now and cannot be undone. Please confirm.',
      notApplied: 'This month has no credit to remove.',
      paymentsNotConfigured:
        'Payments are not configured on this server. Ask its administrator to grant credits.',
      billingOff: 'Billing is off on this server: every month is active.',
      checkoutFailed: 'The payment page could not be opened. Please try again.',
      monthInvalid: 'Enter months as YYYY-MM, for example 2026-05.',
      monthRepeated: 'Each month can be listed only once.',
      tooManyMonths: 'A change can name at most 24 months.',
      nothingToChange: 'Choose months to apply or remove, or switch auto-renew on or off.',
      quantityInvalid: 'Buy between 1 and 1,000 credits at a time.',
      grantCreditsInvalid: 'Grant between 1 and 10,000 credits.',
      grantNoteTooLong: 'A note can be at most 200 characters.',
    });
    const vin = messages.baler.vinForm;
    expect(vin.wrongLength(16)).toBe('A VIN has 17 characters; this one has 16.');
    expect(vin).toMatchObject({
      invalidCharacter: 'A VIN holds only the letters A to Z and the digits 0 to 9.',
      forbiddenLetter: 'A VIN never holds the letters I, O or Q. Check for 1 or 0 instead.',
      checkDigitMismatch:
        'This VIN does not add up: its 9th character, the check digit, does not match the ' +
        'rest. Check it for typos.',
    });
  });

  it('puts the status code into the monitoring message', () => {
    expect(messages.monitoring.httpClientError(404)).toBe(
      'HTTP Client Error with status code: 404',
    );
    expect(messages.monitoring.httpClientError(503)).toBe(
      'HTTP Client Error with status code: 503',
    );
  });
});
