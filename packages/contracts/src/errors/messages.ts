import {
  MAX_REPORT_RECIPIENTS,
  NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH as ORG_NAME_MAX,
  ORGANIZATION_NAME_MIN_LENGTH as ORG_NAME_MIN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PRODUCT_NAME,
} from '../constants.ts';

/**
 * Every user-facing message: the spec's catalogue verbatim (docs/product.md#error-catalogue), its
 * validation and role texts (#validation-rules, #roles), and our own wording
 * where the spec states a rule without a text. Server and web both read from here so a message
 * reads the same wherever it appears.
 */
export const messages = {
  generic:
    'An error occurred. Please try again, check your connection, or contact ' +
    `${PRODUCT_NAME} support.`,
  login: 'An error occurred. Please try again or contact support.',
  validation: {
    passwordsDoNotMatch: 'Passwords do not match',
    eulaRequired: 'You must agree to the EULA',
    privacyRequired: 'You must agree to the Privacy Statement',
    organizationNameTooShort: `Organization name must be at least ${ORG_NAME_MIN} characters.`,
    organizationNameTooLong: `Organization name must be at most ${ORG_NAME_MAX} characters.`,
    passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    passwordNeedsNumber: 'Password must contain at least 1 number.',
    passwordNeedsLowercase: 'Password must contain at least 1 lowercase letter.',
    passwordNeedsUppercase: 'Password must contain at least 1 uppercase letter.',
    usernameRequired: 'Username is required.',
    passwordRequired: 'Password is required.',
    emailInvalid: 'Please enter a valid email address.',
    confirmationCodeInvalid: 'Enter the 6-digit code from your email.',
    nameRequired: 'Name is required.',
    nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
    nameWithDirectionControls:
      'A name must not contain invisible text-direction characters (such as U+202E); type it again without them.',
    idInvalid: 'Invalid identifier.',
    dateInvalid: 'Enter a valid date.',
    dateTimeInvalid: 'Enter a valid date and time.',
    endBeforeStart: 'The end date must be on or after the start date.',
    minAboveMax: 'The minimum must not be greater than the maximum.',
    // A filter's limits, naming the measure as the form labels it ('Average moisture').
    limitOutOfRange: (measure: string, min: number, max: number, unit: string) =>
      `${measure} must be between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}.`,
    limitMinAboveMax: (measure: string) =>
      `${measure} minimum must not be greater than its maximum.`,
    controlCharacters: (what: string) =>
      `${what} must not contain invisible control characters (such as NUL).`,
    latitudeOutOfRange: 'Latitude must be between -90 and 90.',
    longitudeOutOfRange: 'Longitude must be between -180 and 180.',
    boundaryRingTooShort: 'A boundary needs at least 3 corners.',
    boundaryRingNotClosed: 'A boundary must end where it starts.',
    boundaryCrossesItself: (lat: number, lon: number) =>
      `A boundary must not cross itself; this one does near ${lat.toFixed(5)}, ${lon.toFixed(5)}.`,
    boundaryHoleOutside: 'A hole in a boundary must lie inside its outline.',
    boundaryWithoutArea: 'A boundary must enclose an area; its corners lie on one line.',
    boundaryTooManyCorners: (max: number) =>
      `A boundary can have at most ${max.toLocaleString('en-US')} corners; simplify it and try again.`,
    boundaryTooWide: (maxKm: number, spanKm: number) =>
      `A boundary can reach at most ${maxKm} km across; this one reaches ${Math.round(spanKm).toLocaleString('en-US')} km. Check that it lies where the field is.`,
    fieldSizeTooLarge: 'That size is larger than any field; check the number.',
    invalidRequest: 'Some fields are not valid. Please correct them and try again.',
  },
  filter: {
    createFailed: 'Failed to create filter',
    updateFailed: 'Failed to update filter',
    deleteFailed: 'Failed to delete filter',
    nameExists: 'A filter with this name already exists.',
    usedByAutomaticReport:
      'Filter is being used for automatic reports. Please remove it before deleting.',
  },
  // A chosen field, cutting, crop or baler (in a filter or a cutting) must be one of the
  // organization's: deleted since the form was loaded, or never ours.
  selection: {
    unknownFields: 'Some of the selected fields do not exist. Reload the page and select again.',
    unknownCuttings:
      'Some of the selected cuttings do not exist. Reload the page and select again.',
    unknownCrops: 'Some of the selected crops do not exist. Reload the page and select again.',
    unknownCrop: 'The selected crop does not exist. Reload the page and select again.',
    unknownBalers: 'Some of the selected balers do not exist. Reload the page and select again.',
  },
  user: {
    creationFailed: 'User creation failed. Please try again.',
    updateFailed: 'User update failed. Please try again.',
    deleteFailed: 'User deletion failed. Please try again.',
    reinviteFailed: 'Re-sending the invite failed. Please try again.',
    alreadyExists: 'User already exists',
    existsInAnotherOrganization: 'User already exists in another organization',
    doesNotExist: 'User does not exist',
    deleteUnsubscribeFirst: 'Delete failed - please unsubscribe user from automatic report.',
    cannotDisableSelf: 'You cannot disable your own user.',
    cannotDeleteSelf: 'You cannot delete your own user. To leave, close the account instead.',
    inviteAlreadyAccepted: 'This user has already signed in, so there is no invite to re-send.',
    refRequired: 'Name the user by id or by email.',
  },
  passwordChange: {
    failed: 'Failed to change password. Please check your login status or try again later.',
  },
  roles: {
    ownerOnlyUsers: 'Only the account owner can modify users.',
    ownerOnlyBalers: 'Only the account owner can modify balers.',
    ownerOnlyAutomatedReports: 'Automated reports are only available to account owners',
    ownerOnlySubscriptions: 'Only the account owner can manage subscriptions and credits.',
    ownerOnlySettings: "Only the account owner can change the organization's settings.",
    ownerOnlyAccount: 'Only the account owner can close the account.',
    ownerOnlyAccountData: "Only the account owner can see and export the organization's data.",
    adminOnly: 'Only administrators can do this.',
    viewerReadOnly:
      "Viewers can see the farm's data but not change it. Ask the account owner for the manager role.",
    automatedReportsNotForViewers:
      'Automated reports are only available to account owners and managers.',
    ownerOrManagerSettings:
      "Only the account owner or a manager can change the organization's settings.",
    ownerRoleFixed: "The account owner's role cannot be changed.",
    ownerOrManagerPrices: 'Only the account owner or a manager can set hay prices.',
    ownerOrManagerLoads: 'Only the account owner or a manager can build, ship and share loads.',
  },
  baler: {
    // What a farm's own server (BALER_PROVIDER=vin-check) says of a VIN's form (ISO 3779).
    vinForm: {
      wrongLength: (length: number) => `A VIN has 17 characters; this one has ${length}.`,
      invalidCharacter: 'A VIN holds only the letters A to Z and the digits 0 to 9.',
      forbiddenLetter: 'A VIN never holds the letters I, O or Q. Check for 1 or 0 instead.',
      checkDigitMismatch:
        'This VIN does not add up: its 9th character, the check digit, does not match the ' +
        'rest. Check it for typos.',
    },
    noBalers: 'No balers associated with this account',
    emailExists: 'Email already exists',
    vinAlreadyRegistered: 'This VIN is already registered to your account.',
    vinRegisteredToAnotherAccount:
      'This VIN is registered to another account. Please contact the previous owner or ' +
      `${PRODUCT_NAME} support.`,
    notAuthorized:
      'You are not authorized to make changes to this baler. Its ACM subscription must be ' +
      'under your account email or an authorized email.',
    registerFailed:
      'Failed to register baler. Check to ensure that the VIN is correct and that the baler is ' +
      'registered with the equipment connectivity provider.',
    vinInvalid: 'Enter a valid 17-character VIN.',
    notFound: 'This baler does not exist.',
    activeInvalid: 'Active must be true or false.',
  },
  authorizedEmail: {
    notFound: 'This email is not an authorized email of this account.',
    codeInvalid: 'This code is not right. Check the newest email and try again.',
    codeAttemptsExceeded: 'Too many wrong codes. Send a new confirmation email and try again.',
    notPending: 'This email is not waiting for confirmation.',
    expired: 'The confirmation has expired. Send a new confirmation email.',
    actionRequired: 'Give the confirmation code, or ask to resend the confirmation email.',
    sendFailed: 'The confirmation email could not be sent. Please try again.',
    linkInvalid:
      'This confirmation link is not valid: it was already used, replaced by a newer email, or ' +
      'the email was removed. Ask the account owner to send a new one.',
    linkExpired:
      'This confirmation link has expired. Ask the account owner to send a new confirmation email.',
  },
  admin: {
    registryEntryExists: 'This VIN is already in the registry.',
    registryEntryNotFound: 'This VIN is not in the registry.',
  },
  autoReport: {
    fetchFailed: 'Failed to load automated reports',
    saveFailed: 'Failed to save automated report',
    deleteFailed: 'Failed to delete automated report',
    maxRecipients: `Maximum report recipients is ${MAX_REPORT_RECIPIENTS}.`,
    missingRequiredFields: 'Please select a filter, a frequency and at least one recipient.',
    filterRequired: 'Select a filter for the report.',
    frequencyRequired: 'Select how often the report is sent.',
    recipientRequired: 'Add at least one recipient.',
    duplicateRecipient: 'Each recipient can only be added once.',
    timezoneInvalid: 'Select a valid timezone.',
  },
  accountDeletion: {
    confirmationMismatch: 'Type DELETE to confirm.',
    reportFailed:
      'Error generating report - delete aborted. Your account has not been deleted; please ' +
      `try again or contact ${PRODUCT_NAME} support.`,
    deleteFailed: `Error deleting account. Please try again or contact ${PRODUCT_NAME} support.`,
  },
  dataExport: {
    linkInvalid: 'This download link is not valid or has expired.',
    failed: `The data export could not be made. Please try again or contact ${PRODUCT_NAME} support.`,
  },
  fieldCuttingCrop: {
    field: {
      createFailed: 'Failed to create field',
      updateFailed: 'Failed to update field',
      deleteFailed: 'Failed to delete field',
    },
    cutting: {
      createFailed: 'Failed to create cutting',
      updateFailed: 'Failed to update cutting',
      deleteFailed: 'Failed to delete cutting',
    },
    crop: {
      createFailed: 'Failed to create crop',
      updateFailed: 'Failed to update crop',
      deleteFailed: 'Failed to delete crop',
    },
    // The rule of docs/product.md#validation-rules, worded as the spec words it.
    cuttingNeedsField: 'A cutting associated with a crop requires at least 1 field.',
    cuttingOutsideYear: (year: number, first: string, last: string) =>
      `A cutting's days must lie within its crop year ${year} (${first} to ${last}).`,
    cuttingLimitReached: (max: number, year: number) =>
      `The maximum number of cuttings per crop year is ${max}, and ${year} already has ${max}.`,
    fieldNameExists: 'A field with this name already exists.',
    cropNameExists: 'A crop with this name already exists.',
    removalOutOfRange: (range: string) =>
      `Enter a removal rate from ${range}, or leave it empty for the published rate.`,
    fieldNotFound: 'This field does not exist.',
    cuttingNotFound: 'This cutting does not exist.',
    cropNotFound: 'This crop does not exist.',
    cropInUse: (cuttings: string[]) =>
      `This crop is used by ${cuttings.length === 1 ? 'the cutting' : 'the cuttings'} ` +
      `${cuttings.join(', ')}. Remove it from ${cuttings.length === 1 ? 'that cutting' : 'those cuttings'} before deleting it.`,
    fieldLastOfCutting: (cuttings: string[]) =>
      `This field is the only field of ${cuttings.length === 1 ? 'the cutting' : 'the cuttings'} ` +
      `${cuttings.join(', ')}, which ${cuttings.length === 1 ? 'has' : 'have'} a crop. Add another field or ` +
      'remove the crop there before deleting it.',
    yearInvalid: 'Enter a valid year.',
  },
  // The conversion API (spec API 3): what a grower reads when a file cannot be converted.
  convert: {
    unspecifiedFormat: (label: string) =>
      `${label} files cannot be converted: the format has no public specification. Export the ` +
      'fields from that software as Shapefile, ISOXML or GeoJSON instead.',
    unknownFormat: (name: string, known: string[]) =>
      `"${name}" is not a file format we know. Choose one of: ${known.join(', ')}.`,
    targetRequired: 'Choose the format to convert the file to.',
    unrecognizedFile:
      'We could not tell what kind of file this is. Upload a GeoJSON, KML or KMZ file, or a zip ' +
      'with a shapefile, a Trimble AgGPS folder or an ISOXML TASKDATA folder.',
    notThisFormat: (label: string) =>
      `This file is not in ${label} format. Choose its real format, or leave the format empty to ` +
      'have it detected.',
    fileMissing: 'Choose a file to convert.',
    oneFileOnly: 'Send one file at a time.',
    fileEmpty: 'The file is empty.',
    notMultipart: 'Send the file as a multipart form (multipart/form-data).',
    fileTooLarge: (megabytes: number) =>
      `The file is larger than ${megabytes} MB, the most we accept. Split it and try again.`,
    corruptArchive:
      'This zip file is damaged or incomplete, so it could not be opened. Create it again and retry.',
    corruptFile: (label: string, detail: string) =>
      `This ${label} file could not be read: ${detail}`,
    tooManyEntries: (max: number) =>
      `This zip holds more than ${max.toLocaleString('en-US')} files, the most we open. Zip only ` +
      "the fields' files and try again.",
    zipBomb: (megabytes: number) =>
      `This zip would expand to more than ${megabytes} MB, the most we unpack, so it was refused.`,
    projectedWithoutPrj: (file: string) =>
      `${file} has no .prj file and its coordinates are not longitude and latitude, so we cannot ` +
      'tell where the fields are. Include the .prj file from the same export and try again.',
    unknownProjection: (file: string) =>
      `The coordinate system in ${file} is not one we can read. Export the fields in WGS 84 ` +
      '(longitude and latitude) and try again.',
    wgs84Assumed: (file: string) =>
      `${file} has no .prj file; its coordinates look like longitude and latitude, so WGS 84 was assumed.`,
    noFields: 'This file contains no field boundaries.',
    noUsableFields: (count: number, first: string) =>
      `None of the ${count} shapes in this file could be used. The first: ${first}`,
    noGeometry: 'This feature has no shape.',
    notAnArea: (type: string) =>
      `This is a ${type}, not an area; only field boundaries (polygons) can be converted.`,
    noBoundary: 'This field has no boundary.',
    namesShortened: (max: number) =>
      `ISOXML allows names of up to ${max} characters; longer names were shortened.`,
    versionDiffers: (asked: string, found: string) =>
      `The file says it is ${found}, not ${asked}; it was read as ${found}.`,
    timeout: (seconds: number) =>
      `This file took longer than ${seconds} seconds to convert and was stopped. Split it into ` +
      'smaller files and try again.',
    busy: 'The converter is busy with other files. Try again in a minute.',
  },
  heatmap: {
    fieldRequired: 'Select a field with a boundary to see its heatmap.',
    zoomTooLow: 'Zoom in until the field fills the map to see its heatmap.',
  },
  reports: {
    filterRequired: 'Select a filter to see a report.',
  },
  feedback: {
    detailsRequired: 'Please describe the bug or feature.',
    sendFailed: 'Failed to send feedback',
  },
  settings: {
    cropYearStartMonthInvalid:
      'The crop year start month must be between 1 (January) and 12 (December).',
  },
  auth: {
    autoSignInNotStarted: 'The autoSignIn flow has not started, or has been cancelled/completed.',
    oauthSignOutFailed: 'An error occurred when attempting to log out from OAuth provider.',
    invalidIdToken: 'Invalid Idtoken.',
    undefinedGetIdResponse: 'Received undefined response from getId operation',
    missingCredentials:
      'Cognito did not respond with either Credentials, AccessKeyId or SecretKey.',
    refreshFailed: 'Failed to refresh token.',
    invalidAuthTokens: 'Invalid auth tokens',
    // Ours: the spec's OAuth sign-out rule raises an error without a text.
    signOutRedirectMissing: 'The sign-out address is missing or not registered for this app.',
  },
  monitoring: {
    httpClientError: (status: number) => `HTTP Client Error with status code: ${status}`,
  },
  ui: {
    // docs/product.md#error-catalogue text, kept verbatim although our toasts do not come from
    // PrimeVue.
    noToastProvider: 'No PrimeVue Toast provided!',
  },
  // Credits, the month grid, checkout and grants (product: "Subscriptions and credits").
  subscriptions: {
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
    walletEmptyBuy: 'The wallet is empty. Buy credits to apply months.',
    walletEmptyGrant:
      'The wallet is empty, and this server takes no payments: its operator grants credits.',
    checkoutFailed: 'The payment page could not be opened. Please try again.',
    monthInvalid: 'Enter months as YYYY-MM, for example 2026-05.',
    monthRepeated: 'Each month can be listed only once.',
    tooManyMonths: 'A change can name at most 24 months.',
    nothingToChange: 'Choose months to apply or remove, or switch auto-renew on or off.',
    quantityInvalid: 'Buy between 1 and 1,000 credits at a time.',
    grantCreditsInvalid: 'Grant between 1 and 10,000 credits.',
    grantNoteTooLong: 'A note can be at most 200 characters.',
  },
} as const;
