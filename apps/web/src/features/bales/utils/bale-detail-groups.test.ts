import type { BaleInfoResponse } from '@baletrack/contracts/bales/bale-reads';
import { describe, expect, it } from 'vitest';
import { baleDetailGroups } from '@/features/bales/utils/bale-detail-groups';
import { displayUnits } from '@/lib/display-units';

const info: BaleInfoResponse = {
  bale: {
    uid: 'YV-000042',
    tagSerialNumber: 'TAG000042',
    creationTime: '2025-06-14T21:31:05Z',
    creationLocation: { lat: 46.6, lon: -120.5 },
    currentLocation: { lat: 46.6, lon: -120.5 },
    updateTime: null,
    weightKg: 500,
    dryMassKg: 430,
    avgMoisture: 14,
    peakMoisture: 16.5,
    protein: 19.2,
    ash: null,
    sugar: 24.1,
    temperature: 20,
    measurementQuality: 92,
    baleLengthMeters: 2.4,
    baleDiameterMeters: null,
    cutLengthMM: 38,
    flakeCount: 32,
    appliedPreservativeKg: 0,
    baleSize: 'ThreeXFour',
    rfv: 151.6,
    adf: 30,
    ndf: 40,
    balerVin: '1HAYBALER0000001',
    loadType: 'retail',
    fieldUIDs: ['0b4f4a8e-5f0a-4c55-9a55-6f0c6c7f1a01'],
    bindingMode: 'TwineAndMesh',
    wrapsPerBale: null,
    stackType: null,
    missingTags: false,
  },
  fields: [{ id: '0b4f4a8e-5f0a-4c55-9a55-6f0c6c7f1a01', name: 'North Pivot' }],
  baler: { id: '0b4f4a8e-5f0a-4c55-9a55-6f0c6c7f1a02', name: 'BigPack', vin: '1HAYBALER0000001' },
  stackId: null,
  geofence: null,
  cuttings: [],
};

function value(label: string, system: 'MetricSI' | 'ImperialUS' = 'ImperialUS') {
  const rows = baleDetailGroups(info, displayUnits(system)).flatMap((group) => group.rows);
  return rows.find((row) => row.label === label)?.value;
}

describe('baleDetailGroups', () => {
  it("grades the bale by its cutting's crop (USDA: legume RFV 150–170 Good, grass CP above 13 % Premium)", () => {
    const cutting = (crop: string) => ({
      id: '0b4f4a8e-5f0a-4c55-9a55-6f0c6c7f1a03',
      name: '1st',
      year: 2025,
      crop: { id: '0b4f4a8e-5f0a-4c55-9a55-6f0c6c7f1a04', name: crop },
    });
    const grade = (cuttings: BaleInfoResponse['cuttings']) =>
      baleDetailGroups({ ...info, cuttings }, displayUnits('ImperialUS'))
        .flatMap((group) => group.rows)
        .find((row) => row.label === 'Quality grade')?.value;
    expect(grade([cutting('Alfalfa')])).toBe('Good (legume) · RFV 152');
    expect(grade([cutting('Timothy')])).toBe('Premium (grass) · CP 19.2 %');
    expect(grade([])).toBe('Ungraded: no cutting with a crop');
    expect(grade([{ ...cutting('Alfalfa'), crop: null }])).toBe('Ungraded: no cutting with a crop');
  });

  it("shows weights, dimensions and temperature in the organization's units", () => {
    expect(value('Weight')).toBe('1,102 lb');
    expect(value('Weight', 'MetricSI')).toBe('500 kg');
    expect(value('Length')).toBe('7 ft 10 in');
    expect(value('Temperature')).toBe('68 °F');
    expect(value('Cut length', 'MetricSI')).toBe('38 mm');
  });

  it('labels moisture and feed values as the spec names them (sugar is NFC)', () => {
    expect(value('Average moisture')).toBe('14 %');
    expect(value('Peak moisture')).toBe('16.5 %');
    expect(value('RFV')).toBe('152');
    expect(value('NFC')).toBe('24.1 %');
  });

  it('says what was not reported instead of inventing a value', () => {
    expect(value('Ash')).toBeNull();
    expect(value('Diameter')).toBeNull();
    expect(value('Preservative')).toBe('None');
  });

  it('names the size, binding, load, fields and time in the long date format', () => {
    expect(value('Size')).toBe('3x4 (large square)');
    expect(value('Binding')).toBe('Twine and mesh');
    expect(value('Load type')).toBe('Retail');
    expect(value('Fields')).toBe('North Pivot');
    // TZ=UTC in the unit tier.
    expect(value('Created')).toBe('06/14/2025, 09:31:05 PM');
    expect(value('Current location')).toBe('Where it was made');
  });

  it('leaves RFV out when the organization turned it off, keeping the nutrition values', () => {
    const labels = baleDetailGroups(info, displayUnits('ImperialUS'), { rfvEnabled: false })
      .flatMap((group) => group.rows)
      .map((row) => row.label);
    expect(labels).not.toContain('RFV');
    expect(labels).toEqual(expect.arrayContaining(['ADF', 'NDF', 'Protein', 'Ash', 'NFC']));
  });
});
