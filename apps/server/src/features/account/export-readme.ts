import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { PRODUCT_NAME } from '@baletrack/contracts/constants';

const systemNames: Record<MeasurementSystem, string> = {
  MetricSI: 'Metric (kg, m, mm, °C)',
  ImperialUK: 'Imperial UK (lb, ft, in, °C)',
  ImperialUS: 'Imperial US (lb, ft, in, °F)',
};

/** The export's README.txt: what each file holds. */
export function exportReadme(about: {
  organizationName: string;
  exportedAt: Date;
  system: MeasurementSystem;
  bales: number;
  lockedBales: number;
}): string {
  const lines = [
    `${PRODUCT_NAME} data export of ${about.organizationName}`,
    `Made ${about.exportedAt.toISOString()} (UTC).`,
    '',
    `bales.csv               ${about.bales} bales, every attribute, in ${systemNames[about.system]}`,
    '                        (UTF-8 with a byte-order mark, as spreadsheets open it; times in UTC)',
    'fields.geojson          field boundaries (WGS 84) with names and areas in hectares',
    'storage-areas.geojson   storage areas (geofences)',
    'cuttings.json           cuttings with their dates, crop and field ids',
    'crops.json, filters.json, automated-reports.json',
    'balers.json             balers, removed ones too (no ingest keys)',
    'people.json             the account owner and sub-account users (no passwords or codes)',
    'organization.json       the organization and its settings',
    'subscription-months.json, credit-ledger.json, payments.json',
    'authorized-emails.json, feedback.json, support-chat.json',
    'hay-prices.json         hay prices per grade, every change with the day it took effect',
    'loads.json              loads for buyers with their bales (uids) and buyer links (no secrets)',
    'stack-audits.json       stack audits by scanning: found, missing and unexpected tags',
    'heat-risk-mail.json     who besides the owner gets the daily heat-risk mail, days it was sent',
  ];
  if (about.lockedBales > 0) {
    lines.push(
      '',
      `${about.lockedBales} bales were made in months without an active subscription; like on`,
      'the map, they are not in bales.csv. Subscribe those months to include them.',
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
