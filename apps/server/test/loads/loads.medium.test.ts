import { messages } from '@baletrack/contracts/errors/messages';
import { emptyFilter } from '@baletrack/contracts/filters/filter';
import { heatRiskResponseSchema } from '@baletrack/contracts/heat-risk/heat-risk';
import type { IngestBale } from '@baletrack/contracts/ingest/ingest';
import { inventoryValueResponseSchema } from '@baletrack/contracts/inventory/inventory';
import {
  addLoadBalesResponseSchema,
  type LoadResponse,
  loadLinkSchema,
  loadMessages,
  loadResponseSchema,
  loadsResponseSchema,
} from '@baletrack/contracts/loads/loads';
import decodeQR from 'qr/decode.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Farm, ingest, newBale, newFarm } from '../helpers/farm.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { pricedFarm, pricedFarmApp, TON } from '../inventory/inventory-farm.ts';
import { pdfStreams, pdfText } from '../reports/read-pdf.ts';

// Loads (docs/product.md#beyond-the-spec-loads) on the inventory's hand-valued farm: alfalfa
// bales A (Good, RFV 160, a ton), B (Premium, RFV 180, half a ton) stacked in the yard, C loaded
// out, D timothy (grass Good), E in no field, F alfalfa made on 20 June. Imperial US: prices per
// short ton; "today" is 25 June 2025.

// One app for the file, a new organization per test: each starts from the same hand-valued farm.
let t: TestApp;
beforeAll(async () => {
  t = await pricedFarmApp();
});
afterAll(() => t.close());

async function farmed() {
  const priced = await pricedFarm(t);
  const tag = (uid: string) => priced.bales.find((b) => b.uid === uid)?.tagSerialNumber as string;
  return { ...priced, tag };
}

const details = {
  name: 'Truck 1',
  buyer: '  Hillside Dairy ',
  destination: '',
  shipDate: null,
  vehicle: 'Flatbed 53 ft',
  notes: null,
  minGrade: null,
};

async function newLoad(farm: Farm, changes: Record<string, unknown> = {}): Promise<LoadResponse> {
  const response = await farm.post('/loads', { ...details, ...changes });
  expect(response.status).toBe(201);
  return loadResponseSchema.parse(await response.json());
}

async function loadOf(farm: Farm, id: string) {
  const response = await farm.get(`/loads/${id}`);
  expect(response.status).toBe(200);
  return loadResponseSchema.parse(await response.json());
}

async function add(farm: Farm, id: string, pick: unknown) {
  const response = await farm.post(`/loads/${id}/bales`, pick);
  expect(response.status, await response.clone().text()).toBe(200);
  return addLoadBalesResponseSchema.parse(await response.json());
}

const setStatus = (farm: Farm, id: string, status: string) =>
  farm.post(`/loads/${id}/status`, { status });

async function errorOf(response: Response) {
  return {
    status: response.status,
    message: ((await response.json()) as { message: string }).message,
  };
}

describe('building a load', () => {
  it('adds bales by tag, says what it left out, and totals, grades and values them', async () => {
    const { farm, tag } = await farmed();
    const load = await newLoad(farm, { minGrade: 'legume.Premium' });
    expect(load).toMatchObject({
      name: 'Truck 1',
      buyer: 'Hillside Dairy',
      destination: null,
      status: 'open',
      baleCount: 0,
    });
    const added = await add(farm, load.id, { tags: [tag('A'), tag('B'), tag('C'), 'NO-SUCH-TAG'] });
    expect(added).toEqual({
      added: 2,
      alreadyHere: 0,
      loadedOut: 1,
      inOtherLoads: [],
      notFound: ['NO-SUCH-TAG'],
    });
    expect((await add(farm, load.id, { tags: [tag('A')] })).alreadyHere).toBe(1);

    const read = await loadOf(farm, load.id);
    // Priced on today's prices: A 240 (Good since 15 June), B 0.5 × (250 + 10 × 1) = 130.
    expect(read.pricedOn).toBe('2025-06-25');
    expect(read.totals).toMatchObject({
      baleCount: 2,
      weightKg: 1.5 * TON,
      value: 370,
      unpricedCount: 0,
      avgRfv: 170,
      // A, Good, is below the Premium the buyer asked for.
      belowGradeCount: 1,
      wetCount: 0,
      grades: [
        { grade: 'legume.Premium', baleCount: 1, weightKg: TON / 2 },
        { grade: 'legume.Good', baleCount: 1, weightKg: TON },
      ],
    });
    expect(read.bales.map((b) => [b.uid, b.fieldNames, b.grade, b.value, b.belowGrade])).toEqual([
      ['A', ['North 40'], 'legume.Good', 240, true],
      ['B', ['North 40'], 'legume.Premium', 130, false],
    ]);
    const list = loadsResponseSchema.parse(await (await farm.get('/loads')).json());
    expect(list.loads.map((l) => [l.name, l.baleCount, l.weightKg])).toEqual([
      ['Truck 1', 2, 1.5 * TON],
    ]);
  });

  it('prices a load on its ship date and flags bales above the safe moisture for their shape', async () => {
    const { t, farm, baler } = await farmed();
    // A dry large square at 19 % (safe up to 16 %), one at 19 % with preservative (up to 30 %).
    const wet = newBale({ uid: 'WET', avgMoisture: 19, creationTime: '2025-06-24T10:00:00Z' });
    const treated = newBale({
      uid: 'TREATED',
      avgMoisture: 19,
      appliedPreservativeKg: 3,
      creationTime: '2025-06-24T11:00:00Z',
    });
    await ingest(t, baler.apiKey, [wet, treated]);
    const load = await newLoad(farm, { shipDate: '2025-06-10' });
    await add(farm, load.id, { uids: ['WET', 'TREATED', 'A'] });
    const read = await loadOf(farm, load.id);
    expect(read.pricedOn).toBe('2025-06-10');
    // A on 10 June: Good at 200 (the 240 came on 15 June).
    expect(read.bales.find((b) => b.uid === 'A')?.value).toBe(200);
    expect(read.bales.map((b) => [b.uid, b.safeMaxMoisture, b.wet])).toEqual([
      ['A', 16, false],
      ['WET', 16, true],
      ['TREATED', 30, false],
    ]);
    expect(read.totals.wetCount).toBe(1);

    // The wet bale is on the heat-risk list until its load ships: then it has left the farm.
    const atRisk = async () =>
      heatRiskResponseSchema
        .parse(await (await farm.get('/heat-risk')).json())
        .entries.flatMap((entry) =>
          entry.kind === 'stack' ? entry.bales.map((b) => b.uid) : [entry.bale.uid],
        );
    expect(await atRisk()).toContain('WET');
    expect((await setStatus(farm, load.id, 'shipped')).status).toBe(200);
    expect(await atRisk()).not.toContain('WET');
  });

  it('keeps a bale in one load, and adds by field and cutting or by a saved filter', async () => {
    const { farm } = await farmed();
    const first = await newLoad(farm);
    await add(farm, first.id, { uids: ['A'] });
    const second = await newLoad(farm, { name: 'Truck 2' });
    const fields = (await (await farm.get('/fields')).json()) as {
      fields: { id: string; name: string }[];
    };
    const north = fields.fields.find((f) => f.name === 'North 40')?.id as string;
    const { name: _, ...definition } = emptyFilter;
    // North 40 holds A (in Truck 1), B, C (loaded out) and F.
    const byField = await add(farm, second.id, { filter: { ...definition, fieldIds: [north] } });
    expect(byField).toEqual({
      added: 2,
      alreadyHere: 0,
      loadedOut: 1,
      inOtherLoads: [{ id: first.id, name: 'Truck 1', count: 1 }],
      notFound: [],
    });
    const saved = await farm.post('/filters/create', {
      ...emptyFilter,
      name: 'Timothy',
      grades: ['grass.Good'],
    });
    expect(saved.status).toBe(201);
    const filterId = ((await saved.json()) as { id: string }).id;
    expect((await add(farm, second.id, { filterId })).added).toBe(1);
    expect((await loadOf(farm, second.id)).bales.map((b) => b.uid)).toEqual(['B', 'D', 'F']);
    // Taken off, a bale is free for another load.
    expect(
      (await farm.call('DELETE', `/loads/${second.id}/bales`, {}, { uids: ['B'] })).status,
    ).toBe(204);
    expect((await add(farm, first.id, { uids: ['B'] })).added).toBe(1);
    // Deleting a load frees its bales.
    expect((await farm.delete(`/loads/${first.id}`)).status).toBe(204);
    expect((await add(farm, second.id, { uids: ['A', 'B'] })).added).toBe(2);
  });

  it('adds the bales lying in an area drawn on the map', async () => {
    const { farm } = await farmed();
    const load = await newLoad(farm);
    // Around the yard stack (A and B, 46.62 N 120.5 W): not North 40 or South, where the rest lie.
    const yardBox = { west: -120.501, south: 46.619, east: -120.499, north: 46.621 };
    expect(await add(farm, load.id, { box: yardBox })).toMatchObject({ added: 2, notFound: [] });
    expect((await loadOf(farm, load.id)).bales.map((b) => b.uid)).toEqual(['A', 'B']);
    const inverted = await farm.post(`/loads/${load.id}/bales`, {
      box: { ...yardBox, south: yardBox.north, north: yardBox.south },
    });
    expect(await errorOf(inverted)).toEqual({ status: 400, message: loadMessages.areaInvalid });
  });

  it('refuses bad input with its message', async () => {
    const { farm } = await farmed();
    const load = await newLoad(farm);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/loads', { ...details, name: ' ' }, messages.validation.nameRequired],
      [
        'POST',
        '/loads',
        { ...details, buyer: 'x'.repeat(101) },
        loadMessages.textTooLong('Buyer', 100),
      ],
      ['POST', '/loads', { ...details, shipDate: '2025-02-30' }, loadMessages.dayInvalid],
      ['POST', '/loads', { ...details, shipDate: '2150-01-01' }, loadMessages.dayOutOfRange],
      ['POST', `/loads/${load.id}/bales`, {}, loadMessages.pickOne],
      ['POST', `/loads/${load.id}/bales`, { tags: [] }, loadMessages.pickOne],
      ['POST', `/loads/${load.id}/bales`, { tags: ['A'], uids: ['A'] }, loadMessages.pickOne],
      [
        'POST',
        `/loads/${load.id}/bales`,
        { uids: Array.from({ length: 5001 }, (_, i) => `U${i}`) },
        loadMessages.pickTooMany,
      ],
      [
        'POST',
        `/loads/${load.id}/links`,
        { days: 0, showFarmName: false },
        loadMessages.linkDaysInvalid,
      ],
      [
        'POST',
        `/loads/${load.id}/links`,
        { days: 91, showFarmName: false },
        loadMessages.linkDaysInvalid,
      ],
      [
        'POST',
        `/loads/${load.id}/links`,
        { days: 1.5, showFarmName: false },
        loadMessages.linkDaysInvalid,
      ],
      ['POST', `/loads/${load.id}/status`, { status: 'lost' }, ''],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await farm.call(method, path, {}, body);
      const text = await response.text();
      expect(response.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(text).toContain(JSON.stringify(message).slice(1, -1));
    }
    expect((await farm.get('/loads/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('a load’s life', () => {
  it('locks its bales when ready, reopens, and ships for good: its bales leave the inventory', async () => {
    const { farm, baler, bales } = await farmed();
    const empty = await newLoad(farm, { name: 'Empty' });
    expect(await errorOf(await setStatus(farm, empty.id, 'shipped'))).toEqual({
      status: 409,
      message: loadMessages.empty,
    });
    const load = await newLoad(farm);
    await add(farm, load.id, { uids: ['A', 'B'] });
    expect((await setStatus(farm, load.id, 'ready')).status).toBe(200);
    const notOpen = { status: 409, message: loadMessages.notOpen };
    expect(await errorOf(await farm.post(`/loads/${load.id}/bales`, { uids: ['D'] }))).toEqual(
      notOpen,
    );
    expect(await errorOf(await farm.call('PATCH', `/loads/${load.id}`, {}, details))).toEqual(
      notOpen,
    );
    expect((await setStatus(farm, load.id, 'open')).status).toBe(200);
    const patched = await farm.call(
      'PATCH',
      `/loads/${load.id}`,
      {},
      { ...details, name: 'Truck 1b' },
    );
    expect(loadResponseSchema.parse(await patched.json()).name).toBe('Truck 1b');

    const onHand = async () =>
      inventoryValueResponseSchema.parse(await (await farm.get('/inventory/value')).json()).total;
    expect((await onHand()).baleCount).toBe(5);
    const shipped = loadResponseSchema.parse(
      await (await setStatus(farm, load.id, 'shipped')).json(),
    );
    expect(shipped.status).toBe('shipped');
    expect(shipped.shippedAt).toMatch(/^2025-06-25T12:0/);
    // A and B are loaded out at once: the inventory and the active summary leave them out.
    expect(await onHand()).toMatchObject({ baleCount: 3, weightKg: 2 * TON + 700 });
    const active = (await (await farm.get('/bales/summary/active', { year: 2025 })).json()) as {
      summary: { count: number };
    };
    expect(active.summary.count).toBe(3);
    // The baler sending A again as kept on the farm (its own flag) and re-weighed: the weight is
    // taken, but sold hay stays loaded out. On PostgreSQL through the COPY path's update.
    const resent = { ...(bales.find((bale) => bale.uid === 'A') as IngestBale) };
    await ingest(t, baler.apiKey, [
      { ...resent, loadType: 'internal', weightKg: 455, updateTime: '2025-06-24T08:00:00Z' },
    ]);
    const stored = await t.ctx.db
      .selectFrom('bales')
      .select(['loadType', 'weightKg'])
      .where('orgId', '=', farm.orgId)
      .where('uid', '=', 'A')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ loadType: 'retail', weightKg: 455 });
    expect(await onHand()).toMatchObject({ baleCount: 3, weightKg: 2 * TON + 700 });
    // A shipped load keeps its bales and totals, and changes no more.
    expect((await loadOf(farm, load.id)).totals.baleCount).toBe(2);
    const done = { status: 409, message: loadMessages.shipped };
    expect(await errorOf(await setStatus(farm, load.id, 'open'))).toEqual(done);
    expect(await errorOf(await farm.delete(`/loads/${load.id}`))).toEqual(done);
    expect(await errorOf(await farm.post(`/loads/${load.id}/bales`, { uids: ['D'] }))).toEqual(
      done,
    );
    // Its bales cannot ride on another load.
    const next = await newLoad(farm, { name: 'Truck 2' });
    expect((await add(farm, next.id, { uids: ['A', 'B', 'D'] })).loadedOut).toBe(2);
  });

  it('shows nothing of one organization to another', async () => {
    const { t, farm } = await farmed();
    const load = await newLoad(farm);
    await add(farm, load.id, { uids: ['A'] });
    const other = await newFarm(t, 'Other Hay');
    expect((await other.get(`/loads/${load.id}`)).status).toBe(404);
    expect((await other.post(`/loads/${load.id}/bales`, { uids: ['B'] })).status).toBe(404);
    expect((await other.get(`/loads/${load.id}/ticket`)).status).toBe(404);
    const own = await newLoad(other);
    // Another farm's bales are not found, never added.
    expect(await add(other, own.id, { uids: ['A', 'B'] })).toMatchObject({
      added: 0,
      notFound: ['A', 'B'],
    });
    expect(loadsResponseSchema.parse(await (await other.get('/loads')).json()).loads).toHaveLength(
      1,
    );
  });
});

describe('the ticket', () => {
  it('is a PDF of every bale, the totals and signature lines', async () => {
    const { farm } = await farmed();
    const load = await newLoad(farm, { name: 'Hillside #4' });
    await add(farm, load.id, { uids: ['A', 'B', 'D'] });
    const response = await farm.get(`/loads/${load.id}/ticket`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="hillside-4-ticket.pdf"',
    );
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    for (const expected of [
      'Valued Hay',
      'Load ticket',
      'Hillside #4',
      'Hillside Dairy',
      'North 40',
      'South',
      'Loaded by, date',
      'Received by, date',
    ]) {
      expect(text).toContain(expected);
    }
    // Totals in the organization's units: 2.5 short tons.
    expect(text).toContain('2.5 tons');
    expect(text).toContain('Grades: Premium (legume) 1, Good (legume) 1, Good (grass) 1');
  });
});

describe('a buyer’s link', () => {
  async function shared(showFarmName = false) {
    const priced = await farmed();
    const load = await newLoad(priced.farm, { name: 'For Hillside' });
    await add(priced.farm, load.id, { uids: ['A', 'B'] });
    const response = await priced.farm.post(`/loads/${load.id}/links`, { days: 14, showFarmName });
    expect(response.status).toBe(201);
    const link = loadLinkSchema.parse(await response.json());
    return { ...priced, load, link };
  }

  it('opens one load without signing in: origin, weight, moisture, nutrition and grade', async () => {
    const { farm, load, link, tag } = await shared();
    expect(link.url).toMatch(/\/data-api\/public\/loads\/[A-Za-z0-9_-]{54}$/);
    expect(link.expiresAt).toMatch(/^2025-07-09T12:0/);
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    for (const expected of [
      'For Hillside',
      tag('A'),
      tag('B'),
      'North 40',
      '2025-06-02',
      'Premium',
    ]) {
      expect(html).toContain(expected);
    }
    // Not the farm's name (not chosen), its prices, places or other bales.
    for (const hidden of ['Valued Hay', tag('D'), '-120.5', '46.6']) {
      expect(html).not.toContain(hidden);
    }
    // The prices as numbers of their own (ids and the token may hold the digits by chance).
    for (const price of ['240', '130']) {
      expect(html).not.toMatch(new RegExp(`(?<![\\w.-])${price}(?![\\w])`));
    }
    const links = (await loadOf(farm, load.id)).links;
    expect(links.map((l) => [l.url, l.openCount])).toEqual([[link.url, 1]]);
  });

  it('names the farm only when the owner chose to', async () => {
    const { link } = await shared(true);
    expect(await (await fetch(link.url)).text()).toContain('Valued Hay');
  });

  it('stops opening once revoked or expired, and any other token reads the same 404 page', async () => {
    const { t, farm, load, link } = await shared();
    const gone = async (url: string) => {
      const response = await fetch(url);
      expect(response.status, url.slice(-60)).toBe(404);
      return response.text();
    };
    const base = link.url.slice(0, link.url.lastIndexOf('/') + 1);
    const token = link.url.slice(base.length);
    const unknown = await gone(`${base}${token.slice(0, 30)}${'A'.repeat(24)}`);
    expect(unknown).toContain(loadMessages.linkGone.slice(0, 30));
    for (const probe of ['', 'x', token.slice(1), `${token}A`, '..%2F..%2Fetc', '%E2%80%AE']) {
      if (probe === '') continue;
      expect(await gone(`${base}${probe}`)).toBe(unknown);
    }
    // Control characters are refused by the API's own rule, never a server error.
    expect((await fetch(`${base}${token.slice(0, 53)}%00`)).status).toBe(400);

    const revoked = await farm.delete(`/loads/${load.id}/links/${link.id}`);
    expect(revoked.status).toBe(204);
    expect(await gone(link.url)).toBe(unknown);
    expect((await loadOf(farm, load.id)).links[0]?.revokedAt).toMatch(/^2025-06-25T12:0/);

    const fresh = loadLinkSchema.parse(
      await (await farm.post(`/loads/${load.id}/links`, { days: 1, showFarmName: false })).json(),
    );
    expect((await fetch(fresh.url)).status).toBe(200);
    t.advance(86_400_000 + 1);
    try {
      expect(await gone(fresh.url)).toBe(unknown);
    } finally {
      // The file's other tests work on 25 June.
      t.advance(-(86_400_000 + 1));
    }
  });

  it('is rate limited against guessing: 60 tries a minute from one address', async () => {
    const base = `${t.url}/data-api/public/loads/`;
    // The file's other tests opened links from this address too: at most 61 tries reach the cap.
    const statuses: number[] = [];
    for (let i = 0; i < 61 && statuses.at(-1) !== 429; i += 1) {
      statuses.push((await fetch(`${base}${'G'.repeat(53)}${i % 10}`)).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([404]));
  });

  it('is printed on the ticket as a QR code a phone reads back', async () => {
    const { farm, load, link } = await shared();
    const bytes = Buffer.from(await (await farm.get(`/loads/${load.id}/ticket`)).arrayBuffer());
    expect(pdfText(bytes)).toContain('Scan for every bale');
    expect(qrOfFirstPage(bytes)).toBe(link.url);
  });
});

/**
 * The QR code drawn on a PDF's first page, decoded: its squares (`x y w h re`) read back from the
 * page's content, the largest being the code's white ground and the smallest its dark modules,
 * drawn into a bitmap at 4 pixels a module and read by the `qr` package's decoder.
 */
function qrOfFirstPage(pdf: Buffer): string {
  const page = pdfStreams(pdf)[0] ?? '';
  const squares = [...page.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)]
    .map((m) => m.slice(1, 5).map(Number) as [number, number, number, number])
    .filter(([, , w, h]) => Math.abs(w - h) < 1e-6);
  const ground = squares.reduce((a, b) => (b[2] > a[2] ? b : a));
  const cell = Math.min(...squares.map(([, , w]) => w));
  const modules = Math.round(ground[2] / cell);
  const scale = 4;
  const size = modules * scale;
  const data = new Uint8Array(size * size * 4).fill(255);
  for (const [x, y, w] of squares) {
    if (w !== cell) continue;
    const column = Math.round((x - ground[0]) / cell);
    const row = Math.round((y - ground[1]) / cell);
    for (let dy = 0; dy < scale; dy += 1) {
      for (let dx = 0; dx < scale; dx += 1) {
        const at = ((row * scale + dy) * size + column * scale + dx) * 4;
        data.fill(0, at, at + 3);
      }
    }
  }
  return decodeQR({ width: size, height: size, data });
}
