import { ingestResponseSchema } from '@baletrack/contracts/ingest/ingest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBale, newBaler, newFarm, postIngest } from '../helpers/farm.ts';
import { cognito, newConfirmedUser } from '../helpers/identity.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

// What a careless or hostile baler (or client) sends must never poison a batch or reach the
// database as something it cannot store (docs/product.md#ingest, #validation-rules).

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function storedUids(orgId: string): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('bales')
    .select('uid')
    .where('orgId', '=', orgId)
    .orderBy('uid')
    .execute();
  return rows.map((r) => r.uid);
}

describe('a batch with records the database could not store', () => {
  it('reports each such record with its index and stores the others', async () => {
    const owner = await newConfirmedUser(t.ctx);
    const baler = await newBaler(t.ctx, owner.orgId);
    const good = [newBale({ uid: 'GOOD-1' }), newBale({ uid: 'GOOD-2' })];
    const batch = [
      good[0],
      newBale({ uid: 'NUL-TAG', tagSerialNumber: 'TAG\u0000X' }),
      newBale({ uid: 'HUGE-COUNT', flakeCount: 3_000_000_000 }),
      newBale({ uid: 'YEAR-ZERO', creationTime: '0000-01-01T00:00:00Z' }),
      { ...newBale({ uid: 'ESC-STACK' }), stackType: 'row\u001b[2J' },
      good[1],
    ];
    const response = await postIngest(t, baler.apiKey, { bales: batch });
    expect(response.status).toBe(200);
    const result = ingestResponseSchema.parse(await response.json());
    expect(result.created).toBe(2);
    expect(result.rejected.map((r) => [r.index, r.uid])).toEqual([
      [1, 'NUL-TAG'],
      [2, 'HUGE-COUNT'],
      [3, 'YEAR-ZERO'],
      [4, 'ESC-STACK'],
    ]);
    expect(result.rejected[0]?.reason).toBe(
      'tagSerialNumber: Tag serial number must not contain invisible control characters (such as NUL).',
    );
    expect(result.rejected[1]?.reason).toMatch(/^flakeCount: /);
    expect(result.rejected[2]?.reason).toBe(
      'creationTime: A bale time must lie between 1970 and 2099.',
    );
    expect(await storedUids(owner.orgId)).toEqual(['GOOD-1', 'GOOD-2']);
    // The baler resends the same batch: the good ones are unchanged, nothing fails.
    const again = ingestResponseSchema.parse(
      await (await postIngest(t, baler.apiKey, { bales: batch })).json(),
    );
    expect(again).toMatchObject({ created: 0, unchanged: 2 });
  });

  it('isolates a record the database itself refuses, whatever the reason', async () => {
    const owner = await newConfirmedUser(t.ctx);
    const baler = await newBaler(t.ctx, owner.orgId);
    // A rule only the database knows, standing for any refusal the schema cannot foresee.
    await sql`alter table bales add constraint test_heavy check (weight_kg < 5000)`.execute(
      t.ctx.db,
    );
    try {
      const batch = [
        newBale({ uid: 'LIGHT-1' }),
        newBale({ uid: 'HEAVY', weightKg: 6000 }),
        newBale({ uid: 'LIGHT-2' }),
      ];
      const response = await postIngest(t, baler.apiKey, { bales: batch });
      expect(response.status).toBe(200);
      const result = ingestResponseSchema.parse(await response.json());
      expect(result).toMatchObject({ created: 2, updated: 0 });
      expect(result.rejected).toEqual([
        {
          index: 1,
          uid: 'HEAVY',
          reason:
            "The database could not store a value of this record; the batch's other records were kept.",
        },
      ]);
      expect(await storedUids(owner.orgId)).toEqual(['LIGHT-1', 'LIGHT-2']);
      const alone = await postIngest(t, baler.apiKey, { bales: [batch[1]] });
      expect(alone.status).toBe(400);
    } finally {
      await sql`alter table bales drop constraint test_heavy`.execute(t.ctx.db);
    }
  });
});

describe('measurements no bale can have', () => {
  it('are refused record by record, so one corrupt value cannot break the farm’s totals', async () => {
    const farm = await newFarm(t);
    const baler = await newBaler(t.ctx, farm.orgId);
    const batch = [
      newBale({ uid: 'GOOD' }),
      newBale({ uid: 'HEAVY', weightKg: 1e308 }),
      newBale({ uid: 'DRY', dryMassKg: 10_000.5 }),
      newBale({ uid: 'HOT', temperature: 1e300 }),
      newBale({ uid: 'LONG', baleLengthMeters: 1e12 }),
      newBale({ uid: 'RFV', rfv: 1e308 }),
    ];
    const response = await postIngest(t, baler.apiKey, { bales: batch });
    expect(response.status).toBe(200);
    const result = ingestResponseSchema.parse(await response.json());
    expect(result.created).toBe(1);
    expect(result.rejected).toEqual([
      { index: 1, uid: 'HEAVY', reason: 'weightKg: At most 10,000 kg.' },
      { index: 2, uid: 'DRY', reason: 'dryMassKg: At most 10,000 kg.' },
      { index: 3, uid: 'HOT', reason: 'temperature: At most 200 °C.' },
      { index: 4, uid: 'LONG', reason: 'baleLengthMeters: At most 10 m.' },
      { index: 5, uid: 'RFV', reason: 'rfv: At most 1,000.' },
    ]);
    // The map and the summary answer, counting the one good bale.
    const map = await farm.get('/clusters/get', {
      ...{ west: -121, south: 46, east: -120, north: 47 },
      zoom: 20,
    });
    expect(map.status).toBe(200);
    expect(((await map.json()) as { bales: unknown[] }).bales).toHaveLength(1);
    const summary = await farm.get('/bales/summary', { year: 2025 });
    expect(summary.status).toBe(200);
    expect(((await summary.json()) as { summary: { count: number } }).summary.count).toBe(1);
  });
});

describe('control characters elsewhere', () => {
  it('are refused by the user pool in its own error shape', async () => {
    const response = await cognito(t.url, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: t.ctx.config.userPool.clientId,
      AuthParameters: { USERNAME: 'farmer\u0000@example.com', PASSWORD: 'x' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      __type: 'InvalidParameterException',
      message: 'Username must not contain invisible control characters (such as NUL).',
    });
  });

  it('name the field as the forms label it in the data and user APIs', async () => {
    const owner = await newConfirmedUser(t.ctx);
    const { signIn } = await import('../helpers/identity.ts');
    const token = (await signIn(t, owner.email, owner.password)).IdToken;
    const response = await fetch(
      `${t.url}/data-api/crops?name=${encodeURIComponent('Hay\u0000')}`,
      {
        method: 'POST',
        headers: { authorization: token },
      },
    );
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'Name must not contain invisible control characters (such as NUL).',
        issues: [
          {
            path: 'name',
            message: 'Name must not contain invisible control characters (such as NUL).',
          },
        ],
      },
    });
  });
});
