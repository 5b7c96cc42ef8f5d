// What a signed-in call pays before its handler runs (token verification, revocation check,
// organization lookup): the same request with and without a valid token, answered before any
// handler work in both cases (a 400 for the missing `uid` after the token was accepted; a 401
// when there is none), beside the unauthenticated /config.json.
import http from 'node:http';
import { median, percentile } from './stats.ts';

export const CALLS = 2_000;
export const OVERHEAD_TARGET_MS = 1;

export interface CallOverheadRun {
  /** Milliseconds per call, in order (after a warm-up of the same length). */
  signedIn: number[];
  refused: number[];
  config: number[];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on a kept-alive connection; resolves with its status once the body is read. */
function get(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function sample(url: string, headers: Record<string, string>, status: number) {
  const samples: number[] = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    const answered = await get(url, headers);
    samples.push(performance.now() - started);
    if (answered !== status) throw new Error(`GET ${url}: ${answered}, expected ${status}`);
  }
  return samples;
}

/** Interleaved rounds, so drift in the machine's load falls on all three alike. */
export async function measureCallOverhead(
  baseUrl: string,
  idToken: string,
): Promise<CallOverheadRun> {
  const trivial = `${baseUrl}/data-api/bale-info/get`;
  const run: CallOverheadRun = { signedIn: [], refused: [], config: [] };
  for (let round = 0; round < 2; round += 1) {
    const signedIn = await sample(trivial, { authorization: idToken }, 400);
    const refused = await sample(trivial, {}, 401);
    const config = await sample(`${baseUrl}/config.json`, {}, 200);
    // The first round warms the JIT and the caches; only the second is kept.
    if (round === 1) Object.assign(run, { signedIn, refused, config });
  }
  return run;
}

const ms = (n: number) => `${n.toFixed(2)} ms`;

/** The report's row: the fixed cost is the signed-in p50 less the refused one. */
export function callOverheadRow(run: CallOverheadRun) {
  const cost = median(run.signedIn) - median(run.refused);
  return {
    measure: `fixed cost of a signed-in call (id token checked, revocation, organization), ${CALLS.toLocaleString('en-US')} calls each`,
    ours:
      `${ms(cost)} (signed-in trivial call p50 ${ms(median(run.signedIn))}, ` +
      `p95 ${ms(percentile(run.signedIn, 95))})`,
    baseline:
      `same call without a token (401) p50 ${ms(median(run.refused))}; ` +
      `\`/config.json\` p50 ${ms(median(run.config))}`,
    target: `≤ ${ms(OVERHEAD_TARGET_MS)} p50`,
    pass: cost <= OVERHEAD_TARGET_MS,
  };
}
