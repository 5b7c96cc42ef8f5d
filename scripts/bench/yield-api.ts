// GET /yield as the Yield per Field page calls it, over HTTP with a real id token, for the
// measured crop year of the benchmark farm (its fields and the cuttings the summaries' row gave
// it); checked against the year's bale count from /bales/summary.
import { baleSummaryResponseSchema } from '@baletrack/contracts/summaries/summary';
import { fieldYieldResponseSchema } from '@baletrack/contracts/yield/yield';
import { median, percentile } from './stats.ts';

export const YIELD_CALLS = 30;
export const YIELD_P50_TARGET_MS = 100;

export interface YieldApiRun {
  year: number;
  samples: number[];
  fields: number;
  /** Bales in the fields' figures (shares) plus those in no field, and the year's bales. */
  counted: number;
  yearBales: number;
}

async function getJson(url: string, idToken: string, path: string) {
  const started = performance.now();
  const response = await fetch(`${url}/data-api${path}`, { headers: { authorization: idToken } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${text}`);
  return { ms: performance.now() - started, json: JSON.parse(text) as unknown };
}

export async function measureYieldApi(
  url: string,
  idToken: string,
  year: number,
): Promise<YieldApiRun> {
  const samples: number[] = [];
  let answer = fieldYieldResponseSchema.parse(
    (await getJson(url, idToken, `/yield?year=${year}`)).json,
  );
  for (let i = 0; i < YIELD_CALLS; i += 1) {
    const { ms, json } = await getJson(url, idToken, `/yield?year=${year}`);
    answer = fieldYieldResponseSchema.parse(json);
    samples.push(ms);
  }
  const { summary } = baleSummaryResponseSchema.parse(
    (await getJson(url, idToken, `/bales/summary?year=${year}`)).json,
  );
  const inFields = answer.fields.reduce((sum, field) => sum + field.year.bales, 0);
  return {
    year,
    samples,
    fields: answer.fields.length,
    counted: inFields + answer.outsideFields.bales,
    yearBales: summary.count,
  };
}

/** The report's row: the yield of the farm's year at its p50, its bales all counted once. */
export function yieldRow(run: YieldApiRun) {
  const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
  const same = Math.abs(run.counted - run.yearBales) < 1e-6 * (1 + run.yearBales);
  return {
    measure: `\`/yield\` of crop year ${run.year}: ${run.fields} fields, ${run.yearBales.toLocaleString('en-US')} bales, ${run.samples.length} calls`,
    ours: `p50 ${ms(median(run.samples))}, p95 ${ms(percentile(run.samples, 95))}`,
    baseline: same
      ? `every bale of the year counted once (fields' shares and those in no field = \`/bales/summary\`'s ${run.yearBales.toLocaleString('en-US')})`
      : `DIFFERENT FIGURES: ${run.counted} bales counted, \`/bales/summary\` ${run.yearBales}`,
    target: `p50 ≤ ${YIELD_P50_TARGET_MS} ms`,
    pass: median(run.samples) <= YIELD_P50_TARGET_MS && same,
  };
}
