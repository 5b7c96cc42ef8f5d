// The demo farm's fixed layout: a hay farm in the Moxee Valley east of Yakima, Washington,
// where irrigated alfalfa and timothy are grown for export. Fields are drawn in metres east and
// north of the farm yard on the valley's one-mile road grid (roads at multiples of 1609 m),
// kept 15–20 m off the road centre lines, then placed on the map by a local frame.
import type { BaleSize } from '@baletrack/contracts/bales/bale';
import type { LatLon } from '@baletrack/contracts/geo/lat-lon';
import type { Metres } from '@baletrack/domain/geo/local-frame';

/** The farm yard (stack yard, shop, house) at a road corner; the origin of every layout. */
export const FARM_ORIGIN: LatLon = { lat: 46.548, lon: -120.313 };
export const FARM_NAME = 'Yakima Valley Hay (demo)';
/** Local time of the farm; baling hours and dates are Pacific time. */
export const FARM_TIME_ZONE = 'America/Los_Angeles';

export type DemoCropKey = 'alfalfa' | 'timothy';
export type DemoBalerKey = 'square' | 'round';

export const demoCropNames: Record<DemoCropKey, string> = {
  alfalfa: 'Alfalfa',
  timothy: 'Timothy',
};

export interface DemoBalerPlan {
  key: DemoBalerKey;
  name: string;
  /** 17 characters, no I, O or Q (ISO 3779). */
  vin: string;
  baleSize: BaleSize;
}

/** A large-square baler for export hay and a round baler for hay fed on the farm. */
export const demoBalerPlans: readonly DemoBalerPlan[] = [
  { key: 'square', name: 'Big square 3x4', vin: 'BT34LSX7R2H104872', baleSize: 'ThreeXFour' },
  { key: 'round', name: 'Round 5ft', vin: 'BT5FRND9M1K207315', baleSize: 'FiveFeet' },
];

export interface DemoFieldPlan {
  key: string;
  name: string;
  crop: DemoCropKey;
  /** The baler that bales this field unless a cutting says otherwise. */
  baler: DemoBalerKey;
  /** Direction the windrows run, degrees clockwise from north. */
  headingDeg: number;
  outline: Metres[];
  holes: Metres[][];
}

const rect = (x0: number, y0: number, x1: number, y1: number): Metres[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

const points = (...xy: [number, number][]): Metres[] => xy.map(([x, y]) => ({ x, y }));

/** A centre-pivot circle, or the part of one between two bearings (a half or corner pivot). */
function pivot(cx: number, cy: number, radius: number, fromDeg = 0, toDeg = 360): Metres[] {
  const full = toDeg - fromDeg >= 360;
  const steps = Math.max(8, Math.round((toDeg - fromDeg) / 7.5));
  const ring: Metres[] = [];
  for (let i = 0; i < (full ? steps : steps + 1); i++) {
    const bearing = ((fromDeg + ((toDeg - fromDeg) * i) / steps) * Math.PI) / 180;
    ring.push({ x: cx + radius * Math.sin(bearing), y: cy + radius * Math.cos(bearing) });
  }
  if (!full) ring.push({ x: cx, y: cy });
  return ring;
}

const field = (
  key: string,
  name: string,
  crop: DemoCropKey,
  baler: DemoBalerKey,
  headingDeg: number,
  outline: Metres[],
  holes: Metres[][] = [],
): DemoFieldPlan => ({ key, name, crop, baler, headingDeg, outline, holes });

/** Twelve fields of 11–55 ha: seven alfalfa, five timothy, three pivots, one with a hole. */
export const demoFieldPlans: readonly DemoFieldPlan[] = [
  // A canal cuts the north-east corner.
  field(
    'home-north',
    'Home North',
    'alfalfa',
    'square',
    0,
    points([200, 20], [795, 20], [795, 640], [640, 795], [200, 795]),
  ),
  field('home-pivot', 'Home Pivot', 'alfalfa', 'square', 0, pivot(1207, 402, 388)),
  field(
    'canal-quarter',
    'Canal Quarter',
    'timothy',
    'square',
    0,
    points([820, 820], [1595, 820], [1595, 1290], [1180, 1595], [820, 1595]),
  ),
  field('schoolhouse-40', 'Schoolhouse 40', 'timothy', 'round', 90, rect(20, 820, 400, 1215)),
  // A rocky knoll the windrower drives around.
  field('schoolhouse-east', 'Schoolhouse East', 'alfalfa', 'square', 0, rect(410, 820, 795, 1595), [
    points([585, 1170], [640, 1178], [652, 1222], [610, 1246], [572, 1214]),
  ]),
  field('schoolhouse-west', 'Schoolhouse West', 'timothy', 'round', 90, rect(20, 1225, 400, 1595)),
  // Follows the river on its south side.
  field(
    'river-bottom',
    'River Bottom',
    'alfalfa',
    'square',
    90,
    points([-1100, -20], [-20, -20], [-20, -430], [-400, -560], [-820, -520], [-1100, -380]),
  ),
  field('west-pivot', 'West Pivot', 'alfalfa', 'square', 45, pivot(-402, 402, 388)),
  field('airport', 'Airport Field', 'timothy', 'square', 90, rect(-1590, 20, -820, 400)),
  field(
    'hop-yard-corner',
    'Hop Yard Corner',
    'alfalfa',
    'square',
    90,
    points([-1590, 410], [-820, 410], [-820, 795], [-1300, 795], [-1590, 640]),
  ),
  field('beane-road', 'Beane Road 20', 'timothy', 'square', 0, rect(1625, 20, 1925, 400)),
  field(
    'east-half-pivot',
    'East Half Pivot',
    'alfalfa',
    'square',
    90,
    pivot(2414, 20, 388, -90, 90),
  ),
];

/** The stack yard beside the farm buildings, in the road corner south-west of Home North. */
export const demoYardPlan = { name: 'Home stack yard', outline: rect(15, 15, 185, 150) };
