// Windrows across a field: parallel passes at the rake's spacing, driven back and forth, and
// bales dropped along them wherever the baler's chamber has filled.
import type { Metres } from '@baletrack/domain/geo/local-frame';

export interface Segment {
  from: Metres;
  to: Metres;
}

const dot = (a: Metres, b: Metres) => a.x * b.x + a.y * b.y;

/**
 * The stretches of windrow inside a field (holes excluded), pass by pass, alternating direction
 * as a baler drives them. Each stretch stops `marginM` short of the headland.
 * @example windrowSegments([outline], 0, 12, { marginM: 4 }) // north–south passes 12 m apart
 */
export function windrowSegments(
  rings: readonly (readonly Metres[])[],
  headingDeg: number,
  spacingM: number,
  options: { marginM: number; offsetM?: number },
): Segment[] {
  const h = (headingDeg * Math.PI) / 180;
  const along: Metres = { x: Math.sin(h), y: Math.cos(h) };
  const across: Metres = { x: Math.cos(h), y: -Math.sin(h) };
  const offsets = rings.flat().map((p) => dot(p, across));
  const min = Math.min(...offsets);
  const max = Math.max(...offsets);
  const segments: Segment[] = [];
  let pass = 0;
  for (let d = min + spacingM / 2 + (options.offsetM ?? 0); d < max; d += spacingM, pass++) {
    const crossings: number[] = [];
    for (const ring of rings) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i];
        const b = ring[(i + 1) % ring.length];
        if (!a || !b) continue;
        const sa = dot(a, across) - d;
        const sb = dot(b, across) - d;
        // Half-open test so a vertex lying on the line counts once.
        if (sa > 0 === sb > 0) continue;
        const f = sa / (sa - sb);
        crossings.push(dot({ x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f }, along));
      }
    }
    crossings.sort((a, b) => a - b);
    const stretches: [number, number][] = [];
    for (let i = 0; i + 1 < crossings.length; i += 2) {
      const start = (crossings[i] ?? 0) + options.marginM;
      const end = (crossings[i + 1] ?? 0) - options.marginM;
      if (end - start > 1) stretches.push([start, end]);
    }
    if (pass % 2 === 1) stretches.reverse();
    for (const [start, end] of stretches) {
      const [t0, t1] = pass % 2 === 1 ? [end, start] : [start, end];
      const at = (t: number) => ({ x: across.x * d + along.x * t, y: across.y * d + along.y * t });
      segments.push({ from: at(t0), to: at(t1) });
    }
  }
  return segments;
}

export interface DroppedBale {
  position: Metres;
  /** The hay the chamber took for this bale, kg (before moisture is weighed in). */
  hayKg: number;
  /** Seconds of baling since the previous bale (or since the field was started). */
  secondsSincePrevious: number;
}

export interface BalingRun {
  segments: readonly Segment[];
  /** Hay lying on the ground here, kg per m² of field. */
  hayAt(point: Metres): number;
  /** Width of field raked into one windrow, m (the pass spacing). */
  windrowWidthM: number;
  /** Weight of the bale being made; called once per bale. */
  nextBaleKg(): number;
  /** Ground speed while baling, m/s. */
  speedMps: number;
  /** Seconds spent turning on the headland between stretches. */
  turnSeconds(): number;
  /** Seconds the baler stands still per bale (wrapping a round bale), 0 for squares. */
  stopSeconds: number;
}

const STEP_M = 4;

/**
 * Drives the windrows and drops a bale each time the chamber holds a bale's worth of hay, so
 * bales lie closer where the crop was heavier. A partly filled bale carries over to the next
 * pass, as it does on a real baler.
 * @example [...baleAlongWindrows(run)].length // bales in the field
 */
export function* baleAlongWindrows(run: BalingRun): Generator<DroppedBale> {
  let target = run.nextBaleKg();
  let filled = 0;
  let seconds = 0;
  for (const [index, segment] of run.segments.entries()) {
    if (index > 0) seconds += run.turnSeconds();
    const length = Math.hypot(segment.to.x - segment.from.x, segment.to.y - segment.from.y);
    const ux = (segment.to.x - segment.from.x) / length;
    const uy = (segment.to.y - segment.from.y) / length;
    for (let s = 0; s < length; s += STEP_M) {
      const step = Math.min(STEP_M, length - s);
      const position = { x: segment.from.x + ux * (s + step), y: segment.from.y + uy * (s + step) };
      filled += run.hayAt(position) * run.windrowWidthM * step;
      seconds += step / run.speedMps;
      if (filled >= target) {
        yield { position, hayKg: target, secondsSincePrevious: seconds };
        seconds = run.stopSeconds;
        filled -= target;
        target = run.nextBaleKg();
      }
    }
  }
}
