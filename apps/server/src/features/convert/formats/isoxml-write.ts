import { VERSION } from '@baletrack/contracts/constants';
import type { ConvertedFeature } from '@baletrack/contracts/convert/formats';
import area from '@turf/area';
import { polygonsOf } from '../features.ts';

export type IsoxmlVersion = 'ISOXML_V33' | 'ISOXML_V42' | 'ISOXML_V43';

const VERSIONS: Record<IsoxmlVersion, [major: number, minor: number]> = {
  ISOXML_V33: [3, 3],
  ISOXML_V42: [4, 2],
  ISOXML_V43: [4, 3],
};

/** ISO 11783-10 limits designators (CTR B, FRM B, PFD C) to 32 characters. */
export const DESIGNATOR_MAX = 32;

const xmlText = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    // XML 1.0 forbids control characters other than tab, newline and carriage return.
    .replace(/\p{Cc}/gu, (c) => ('\t\n\r'.includes(c) ? c : ''));

const designator = (value: string) => xmlText([...value].slice(0, DESIGNATOR_MAX).join(''));

/** Up to 9 decimals (the standard's resolution), never in exponent notation. */
const decimal = (value: number) => value.toFixed(9).replace(/\.?0+$/, '');

/** Interns names into ids: CTR1, CTR2… in order of first use. */
function idsFor(prefix: string, names: string[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const name of names) if (!ids.has(name)) ids.set(name, `${prefix}${ids.size + 1}`);
  return ids;
}

/**
 * TASKDATA.XML with one PFD per field: a PLN of type 1 (partfield boundary) per polygon, its
 * outline an LSG of type 1 and each hole an LSG of type 2, corners as PNT type 2 with C =
 * latitude and D = longitude. The header carries the version asked for.
 */
export function writeTaskData(features: ConvertedFeature[], version: IsoxmlVersion): string {
  const [major, minor] = VERSIONS[version];
  const clients = idsFor(
    'CTR',
    features.flatMap((f) => f.properties.client ?? []),
  );
  // A farm belongs to its client: the same farm name under two clients is two FRMs.
  const farmKey = (f: ConvertedFeature) => `${f.properties.client ?? ''}\n${f.properties.farm}`;
  const farms = idsFor('FRM', features.filter((f) => f.properties.farm).map(farmKey));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ISO11783_TaskData VersionMajor="${major}" VersionMinor="${minor}" ` +
      `ManagementSoftwareManufacturer="Baletrack" ManagementSoftwareVersion="${VERSION}" ` +
      'DataTransferOrigin="1">',
  ];
  for (const [name, id] of clients) lines.push(`<CTR A="${id}" B="${designator(name)}"/>`);
  for (const [key, id] of farms) {
    const [clientName = '', farmName = ''] = key.split('\n');
    const client = clients.get(clientName);
    lines.push(`<FRM A="${id}" B="${designator(farmName)}"${client ? ` I="${client}"` : ''}/>`);
  }
  for (const [i, feature] of features.entries()) {
    const { name, client, farm } = feature.properties;
    const refs =
      (client ? ` E="${clients.get(client)}"` : '') +
      (farm ? ` F="${farms.get(farmKey(feature))}"` : '');
    const squareMetres = Math.round(area(feature.geometry));
    lines.push(`<PFD A="PFD${i + 1}" C="${designator(name)}" D="${squareMetres}"${refs}>`);
    for (const rings of polygonsOf(feature.geometry)) {
      lines.push(`<PLN A="1" C="${Math.round(area({ type: 'Polygon', coordinates: rings }))}">`);
      for (const [r, ring] of rings.entries()) {
        lines.push(`<LSG A="${r === 0 ? 1 : 2}">`);
        for (const [lon = 0, lat = 0] of ring) {
          lines.push(`<PNT A="2" C="${decimal(lat)}" D="${decimal(lon)}"/>`);
        }
        lines.push('</LSG>');
      }
      lines.push('</PLN>');
    }
    lines.push('</PFD>');
  }
  lines.push('</ISO11783_TaskData>', '');
  return lines.join('\n');
}
