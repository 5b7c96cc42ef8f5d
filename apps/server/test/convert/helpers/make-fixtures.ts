/**
 * Writes the raw files behind the committed fixtures in ../fixtures (run once by hand:
 * `npx tsx apps/server/test/convert/helpers/make-fixtures.ts <dir>`, then zip with Info-ZIP as
 * ../fixtures/README.md says). Shapefiles come from the test's own ESRI encoder, never from the
 * exporter under test; UTM coordinates from proj4's forward projection of FIXTURE_CORNERS.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import proj4 from 'proj4';
import { encodeDbf, encodeShp, windows1252 } from './esri-shapefile.ts';

export const UTM_10N_PRJ =
  'PROJCS["WGS_1984_UTM_Zone_10N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",' +
  'SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],' +
  'UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],' +
  'PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],' +
  'PARAMETER["Central_Meridian",-123.0],PARAMETER["Scale_Factor",0.9996],' +
  'PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],' +
  'PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/** Clockwise outline and counter-clockwise hole (the ESRI order), longitude/latitude. */
export const FIXTURE_CORNERS = {
  outline: [
    [-122.61, 46.21],
    [-122.61, 46.22],
    [-122.595, 46.22],
    [-122.595, 46.21],
    [-122.61, 46.21],
  ],
  hole: [
    [-122.605, 46.213],
    [-122.6, 46.213],
    [-122.6, 46.217],
    [-122.605, 46.217],
    [-122.605, 46.213],
  ],
  second: [
    [-122.58, 46.21],
    [-122.58, 46.215],
    [-122.57, 46.215],
    [-122.57, 46.21],
    [-122.58, 46.21],
  ],
};

const toUtm = (ring: number[][]) =>
  ring.map((p) => proj4('WGS84', UTM_10N_PRJ, p as [number, number]) as number[]);

function write(dir: string, files: Record<string, Uint8Array | string>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
}

function main(dir: string): void {
  const { outline, hole, second } = FIXTURE_CORNERS;
  // A UTM zone 10N layer with a Windows-1252 table, as desktop GIS exports it.
  const utm = encodeShp([
    { rings: [toUtm(outline), toUtm(hole)], attributes: {} },
    { rings: [toUtm(second)], attributes: {} },
  ]);
  write(path.join(dir, 'utm'), {
    'Field_Boundaries.shp': utm.shp,
    'Field_Boundaries.shx': utm.shx,
    'Field_Boundaries.dbf': encodeDbf(
      [
        { FIELD_NAME: 'Müller Wiese', ACRES: '92' },
        { FIELD_NAME: 'Bottom Ground', ACRES: '19' },
      ],
      windows1252,
    ),
    'Field_Boundaries.prj': UTM_10N_PRJ,
    'Field_Boundaries.cpg': '1252',
  });
  // A Trimble AgGPS tree: one Boundary per field folder, other Trimble files beside it.
  for (const [field, rings] of [
    ['East Pivot', [outline, hole]],
    ['West 80', [second]],
  ] as const) {
    const shape = encodeShp([{ rings: rings.map((r) => [...r]), attributes: {} }]);
    write(path.join(dir, 'trimble', 'AgGPS', 'Data', 'Jones', 'Valley Farm', field), {
      'Boundary.shp': shape.shp,
      'Boundary.shx': shape.shx,
      'Boundary.dbf': encodeDbf([{ Area: '0' }]),
      'Boundary.prj': WGS84_PRJ,
    });
  }
  write(path.join(dir, 'trimble', 'AgGPS'), { 'Data/Jones/Valley Farm/Notes.txt': 'notes' });
}

// Run as a script only, never when a test imports the corners.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv[2] ?? 'fixtures-src');
}
