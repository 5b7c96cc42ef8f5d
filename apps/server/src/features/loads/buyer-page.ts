import type { MeasurementSystem } from '@baletrack/contracts/constants';
import { PRODUCT_NAME } from '@baletrack/contracts/constants';
import type { LoadBale, LoadTotals } from '@baletrack/contracts/loads/loads';
import { hayGradeLabel } from '@baletrack/domain/quality-grade/hay-grade';
import { formatMeasure } from '@baletrack/domain/units';
import { escapeHtml } from '../../lib/html.ts';

// The buyer's page of one load (docs/product.md#beyond-the-spec-loads): written by the server,
// no web app and no sign-in. It shows each bale's origin (field, day), weight, moisture,
// nutrition and grade; never prices, places, other loads, or the farm unless the owner chose to.

/** What the buyer's page shows, worked out beforehand. */
export interface BuyerPageContent {
  /** The farm's name, only when the owner chose to show it. */
  farmName: string | null;
  load: {
    name: string;
    buyer: string | null;
    destination: string | null;
    shipDate: string | null;
    vehicle: string | null;
    shipped: boolean;
  };
  totals: LoadTotals;
  bales: LoadBale[];
  system: MeasurementSystem;
  rfvEnabled: boolean;
  expiresAt: Date;
}

const dash = '–';
const text = (value: string | null) => (value === null || value === '' ? dash : escapeHtml(value));
const percent = (value: number | null) => (value === null ? dash : `${value.toFixed(1)} %`);
const whole = (value: number | null) => (value === null ? dash : value.toFixed(0));
const grade = (value: LoadBale['grade']) => (value === null ? 'Ungraded' : hayGradeLabel(value));

const style = `body{font-family:system-ui,sans-serif;margin:0;color:#1f2933;line-height:1.45}
main{max-width:76rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.6rem;margin:.2rem 0}
.farm{color:#61707f;margin:0}dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:1rem 0}
dt{color:#61707f}dd{margin:0}.figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.75rem;margin:1rem 0}
.figure{border:1px solid #d5dbe1;border-radius:6px;padding:.5rem .75rem}.figure b{display:block;font-size:1.2rem}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{padding:.35rem .5rem;border-bottom:1px solid #d5dbe1;text-align:left;white-space:nowrap}
td.n,th.n{text-align:right}footer{color:#61707f;font-size:.85rem;margin-top:1.5rem}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>${style}</style></head><body><main>${body}</main></body></html>`;
}

/** The page for a link that opens nothing: unknown, expired and withdrawn read alike. */
export function goneBuyerPage(message: string): string {
  return page('Link not valid', `<h1>Link not valid</h1><p>${escapeHtml(message)}</p>`);
}

/** The buyer's page of a load. */
export function buyerPage(content: BuyerPageContent): string {
  const { load, totals, system, rfvEnabled } = content;
  const tons = (kg: number) => formatMeasure(kg, 'tonnage', system);
  const weight = (kg: number) => formatMeasure(kg, 'weight', system);
  const figures: [string, string][] = [
    ['Bales', totals.baleCount.toLocaleString('en-US')],
    ['Weight', tons(totals.weightKg)],
    ['Dry matter', tons(totals.dryMassKg)],
    ['Average moisture', percent(totals.avgMoisture)],
    ...(rfvEnabled ? [['Average RFV', whole(totals.avgRfv)] as [string, string]] : []),
    ['Average protein', percent(totals.avgProtein)],
  ];
  const grades = totals.grades
    .map((g) => `${escapeHtml(grade(g.grade))}: ${g.baleCount.toLocaleString('en-US')}`)
    .join(' · ');
  const rows = content.bales
    .map(
      (b, i) => `<tr><td class="n">${i + 1}</td><td>${text(b.tagSerialNumber ?? b.uid)}</td>
<td>${text(b.fieldNames.join(', ') || null)}</td><td>${b.creationTime.slice(0, 10)}</td>
<td class="n">${weight(b.weightKg)}</td><td class="n">${percent(b.avgMoisture)}</td>
${rfvEnabled ? `<td class="n">${whole(b.rfv)}</td>` : ''}<td class="n">${percent(b.protein)}</td>
<td class="n">${percent(b.adf)}</td><td class="n">${percent(b.ndf)}</td><td>${escapeHtml(grade(b.grade))}</td></tr>`,
    )
    .join('\n');
  const body = `${content.farmName ? `<p class="farm">${escapeHtml(content.farmName)}</p>` : ''}
<h1>${escapeHtml(load.name)}</h1>
<dl><dt>Status</dt><dd>${load.shipped ? 'Shipped' : 'Being loaded'}</dd>
<dt>Buyer</dt><dd>${text(load.buyer)}</dd><dt>Destination</dt><dd>${text(load.destination)}</dd>
<dt>Ship date</dt><dd>${text(load.shipDate)}</dd><dt>Truck or trailer</dt><dd>${text(load.vehicle)}</dd></dl>
<div class="figures">${figures.map(([label, value]) => `<div class="figure">${escapeHtml(label)}<b>${value}</b></div>`).join('')}</div>
<p><strong>Grades:</strong> ${grades || dash}</p>
<div class="table"><table><caption hidden>Bales of the load</caption><thead><tr><th class="n">#</th><th>Tag</th><th>Field</th><th>Made</th>
<th class="n">Weight</th><th class="n">Moisture</th>${rfvEnabled ? '<th class="n">RFV</th>' : ''}<th class="n">Protein</th>
<th class="n">ADF</th><th class="n">NDF</th><th>Grade</th></tr></thead><tbody>
${rows}
</tbody></table></div>
<footer>Nutrition in % of dry matter, as the baler measured it. This page works until
${content.expiresAt.toISOString().slice(0, 10)}. Shared with ${PRODUCT_NAME}.</footer>`;
  return page(load.name, body);
}
