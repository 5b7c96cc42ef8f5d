import { baleShapeBySize, baleSizeLabels, type TagMaterial } from '@baletrack/contracts/bales/bale';
import type { BaleInfoResponse } from '@baletrack/contracts/bales/bale-reads';
import type { LatLon } from '@baletrack/contracts/geo/lat-lon';
import { baleGrade } from '@/features/bales/utils/bale-grade';
import { gradeText } from '@/features/bales/utils/grade-text';
import type { DisplayUnits } from '@/lib/display-units';
import { formatLongDate, formatNumber, formatPercent } from '@/lib/format';

/** What a bale's grade says when no cutting with a crop holds it. */
export const UNGRADED_WITHOUT_CROP = 'Ungraded: no cutting with a crop';

export interface DetailRow {
  label: string;
  /** Null: the baler did not report it. */
  value: string | null;
}

export interface DetailGroup {
  title: string;
  rows: DetailRow[];
}

const bindingLabels: Record<TagMaterial, string> = {
  Unknown: 'Unknown',
  Mesh: 'Mesh',
  Twine: 'Twine',
  Film: 'Film',
  TwineAndMesh: 'Twine and mesh',
  TwineAndFilm: 'Twine and film',
};

const optional = <T>(value: T | null, show: (value: T) => string) =>
  value === null ? null : show(value);
const percent = (value: number | null) => optional(value, (v) => formatPercent(v));
// Five decimals of a degree are about a metre: where to walk to, no more.
const place = (at: LatLon) => `${at.lat.toFixed(5)}, ${at.lon.toFixed(5)}`;

/**
 * Every attribute of a bale (docs/product.md#bales) as labelled text in the organization's units;
 * without `rfvEnabled` (settings) RFV is left out and the nutrition values stand alone.
 */
export function baleDetailGroups(
  info: BaleInfoResponse,
  units: DisplayUnits,
  { rfvEnabled = true }: { rfvEnabled?: boolean } = {},
): DetailGroup[] {
  const { bale } = info;
  const weight = (kg: number) => units.format(kg, 'weight');
  const moved =
    bale.currentLocation.lat !== bale.creationLocation.lat ||
    bale.currentLocation.lon !== bale.creationLocation.lon;
  return [
    {
      title: 'Weight and moisture',
      rows: [
        { label: 'Weight', value: weight(bale.weightKg) },
        { label: 'Dry matter', value: weight(bale.dryMassKg) },
        { label: 'Average moisture', value: formatPercent(bale.avgMoisture) },
        { label: 'Peak moisture', value: formatPercent(bale.peakMoisture) },
        {
          label: 'Temperature',
          value: optional(bale.temperature, (c) => units.format(c, 'temperature')),
        },
        {
          label: 'Measurement quality',
          value: optional(bale.measurementQuality, (q) => formatPercent(q, 0)),
        },
      ],
    },
    {
      title: 'Feed value (dry matter)',
      rows: [
        {
          label: 'Quality grade',
          // The crop decides the table (docs/product.md#quality-grades): without one, say so.
          value:
            gradeText(baleGrade(info), rfvEnabled) ??
            (info.cuttings.some((c) => c.crop) ? null : UNGRADED_WITHOUT_CROP),
        },
        ...(rfvEnabled
          ? [{ label: 'RFV', value: optional(bale.rfv, (v) => formatNumber(v)) }]
          : []),
        { label: 'ADF', value: percent(bale.adf) },
        { label: 'NDF', value: percent(bale.ndf) },
        { label: 'Protein', value: percent(bale.protein) },
        { label: 'Ash', value: percent(bale.ash) },
        { label: 'NFC', value: percent(bale.sugar) },
      ],
    },
    {
      title: 'Bale',
      rows: [
        { label: 'Tag serial number', value: bale.tagSerialNumber },
        {
          label: 'Size',
          value: `${baleSizeLabels[bale.baleSize]} (${baleShapeBySize[bale.baleSize] === 'Round' ? 'round' : 'large square'})`,
        },
        {
          label: 'Length',
          value: optional(bale.baleLengthMeters, (m) => units.format(m, 'dimension')),
        },
        {
          label: 'Diameter',
          value: optional(bale.baleDiameterMeters, (m) => units.format(m, 'dimension')),
        },
        {
          label: 'Cut length',
          value: optional(bale.cutLengthMM, (mm) => units.format(mm, 'cutLength')),
        },
        { label: 'Flakes', value: optional(bale.flakeCount, (n) => formatNumber(n)) },
        {
          label: 'Preservative',
          value: optional(bale.appliedPreservativeKg, (kg) =>
            kg === 0 ? 'None' : units.format(kg, 'weight', 1),
          ),
        },
        { label: 'Binding', value: bindingLabels[bale.bindingMode] },
        { label: 'Wraps', value: optional(bale.wrapsPerBale, (n) => formatNumber(n)) },
        {
          label: 'Load type',
          value: optional(bale.loadType, (t) => (t === 'retail' ? 'Retail' : 'Internal')),
        },
        { label: 'Stack type', value: bale.stackType },
        { label: 'Missing tags', value: bale.missingTags ? 'Yes' : 'No' },
      ],
    },
    {
      title: 'Where and when',
      rows: [
        { label: 'Baler', value: `${info.baler.name} (VIN ${info.baler.vin})` },
        {
          label: 'Fields',
          value:
            info.fields.length === 0
              ? 'Outside any field'
              : info.fields.map((f) => f.name).join(', '),
        },
        { label: 'Created', value: formatLongDate(bale.creationTime) },
        { label: 'Updated', value: optional(bale.updateTime, formatLongDate) },
        { label: 'Created at', value: place(bale.creationLocation) },
        {
          label: 'Current location',
          value: moved ? place(bale.currentLocation) : 'Where it was made',
        },
        { label: 'Storage', value: info.geofence?.name ?? 'Not in a storage area' },
      ],
    },
  ];
}
