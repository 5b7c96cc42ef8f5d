import { PRODUCT_NAME } from '@baletrack/contracts/constants';

// Plain statements of what this self-hosted installation does. An operator who needs their
// own legal wording replaces these texts.
export const legalDocuments = {
  eula: {
    title: 'End User License Agreement',
    paragraphs: [
      `${PRODUCT_NAME} is self-hosted software: the organization that runs this installation provides it to you and is responsible for it.`,
      'You may use it to record and review the bales, fields, cuttings and crops of your own operation, and to invite the people who work with you.',
      'Keep your password to yourself. The account owner manages the users, balers, subscriptions and automated reports of the organization and may close the account, which deletes its data.',
    ],
  },
  privacy: {
    title: 'Privacy Statement',
    paragraphs: [
      `This ${PRODUCT_NAME} installation stores your organization's name, the email addresses of its users and the data its balers report (bale measurements and locations), together with the fields, cuttings, crops and settings you enter.`,
      'Passwords are never stored; only a verifier derived from them is kept, encrypted. Email is used for confirmation codes, invitations, password resets and the reports you ask for.',
      'The account owner can download all of the organization’s data and delete the account at any time; deleting it removes the data of every user in it.',
    ],
  },
} as const;

export type LegalDocument = keyof typeof legalDocuments;
