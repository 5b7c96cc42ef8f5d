import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { newestMail, registeredOwner, signInTo, signOut } from './support/accounts.ts';

// The three roles (docs/product.md#roles): the owner invites two people, picks a manager for one
// and a viewer for the other, and changes a role on Sub-Accounts; then each signs in and sees
// what their role allows, the rest hidden rather than refused after a click.

const ownerPassword = 'Owner-2026x';
const ownPassword = 'Handpicked2026';

/** Accepts an invite over the user pool's wire protocol: the temporary password, then our own. */
async function acceptInvite(request: APIRequestContext, email: string) {
  const temporary = /temporary password:\s+(\S+)/.exec(await newestMail(request, email))?.[1];
  expect(temporary, `a temporary password mailed to ${email}`).toBeTruthy();
  const { userPoolClientId: ClientId } = await (await request.get('/config.json')).json();
  const pool = (operation: string, body: unknown) =>
    request.post('/cognito/', {
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      data: JSON.stringify(body),
    });
  const started = await pool('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId,
    AuthParameters: { USERNAME: email, PASSWORD: temporary },
  });
  const { Session } = await started.json();
  const answered = await pool('RespondToAuthChallenge', {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    ClientId,
    Session,
    ChallengeResponses: { USERNAME: email, NEW_PASSWORD: ownPassword },
  });
  expect(answered.status()).toBe(200);
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Farm settings' })).toBeVisible();
}

test('a manager and a viewer each see what their role allows', async ({ page, request }) => {
  const ownerEmail = await registeredOwner(request, {
    organizationName: 'Roles Farm',
    password: ownerPassword,
  });
  const managerEmail = `manager-${Date.now()}@example.com`;
  const viewerEmail = `viewer-${Date.now()}@example.com`;

  // The owner invites both: the form starts on viewer; one is made a manager at the invite, the
  // other changed to manager and back in their row.
  // Each person signs in where they were going (the login's redirect), not on the map.
  await signInTo(page, '/users', ownerEmail, ownerPassword);
  await expect(page.getByText('Roles Farm')).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite a user' });
  await expect(invite.getByLabel('Role')).toHaveValue('viewer');
  await invite.getByLabel('Name').fill('Mia Manager');
  await invite.getByLabel('Email').fill(managerEmail);
  await invite.getByLabel('Role').selectOption('manager');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByLabel(`Role of ${managerEmail}`)).toHaveValue('manager');
  await expect(invite.getByLabel('Role')).toHaveValue('viewer');
  await invite.getByLabel('Name').fill('Vic Viewer');
  await invite.getByLabel('Email').fill(viewerEmail);
  await invite.getByRole('button', { name: 'Invite' }).click();
  const viewerRole = page.getByLabel(`Role of ${viewerEmail}`);
  await expect(viewerRole).toHaveValue('viewer');
  await viewerRole.selectOption('manager');
  await expect(page.getByText(`${viewerEmail} is now a manager.`)).toBeVisible();
  await expect(viewerRole).toHaveValue('manager');
  await viewerRole.selectOption('viewer');
  await expect(page.getByText(`${viewerEmail} is now a viewer.`)).toBeVisible();
  await expect(viewerRole).toHaveValue('viewer');
  await expectNoSeriousA11yViolations(page, 'Sub-Accounts with roles');
  await signOut(page);
  await acceptInvite(request, managerEmail);
  await acceptInvite(request, viewerEmail);

  // The manager: automated reports and settings, but no people, account or balers' controls.
  await signInTo(page, '/automated-reports', managerEmail, ownPassword);
  await expect(page.getByText('Roles Farm')).toBeVisible();
  await openMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Automated Reports' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sub-Accounts' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Account management' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Farm settings' }).click();
  const managerSettings = page.getByRole('dialog', { name: 'Farm settings' });
  await expect(managerSettings.getByRole('button', { name: 'Apply' })).toBeVisible();
  await expect(
    managerSettings.getByText(
      "Only the account owner or a manager can change the organization's settings.",
    ),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(managerSettings).toBeHidden();
  await expect(page.getByRole('button', { name: 'New automated report' })).toBeVisible();
  await page.goto('/fields');
  await expect(page.getByRole('button', { name: 'Draw a field' })).toBeVisible();
  await page.goto('/users');
  await expect(page.getByText('Only the account owner can modify users.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Invite a user' })).toHaveCount(0);
  await signOut(page);

  // The viewer: reads, and is offered nothing to change.
  await signInTo(page, '/automated-reports', viewerEmail, ownPassword);
  await expect(page.getByText('Roles Farm')).toBeVisible();
  await openMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Automated Reports' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Sub-Accounts' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Account management' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Bale Reporting' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Farm settings' }).click();
  const viewerSettings = page.getByRole('dialog', { name: 'Farm settings' });
  await expect(
    viewerSettings.getByText(
      "Only the account owner or a manager can change the organization's settings.",
    ),
  ).toBeVisible();
  await expect(viewerSettings.getByRole('button', { name: 'Apply' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(viewerSettings).toBeHidden();
  await expect(
    page.getByText('Automated reports are only available to account owners and managers.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'New automated report' })).toHaveCount(0);
  // Fields, cuttings and crops to read: nothing offered that would change them.
  await page.goto('/fields');
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Draw a field' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await page.goto('/cuttings');
  await expect(page.getByRole('heading', { name: 'Cuttings and Crops', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New cutting' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add crop' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "a viewer's Cuttings and Crops");
  await signOut(page);
});
