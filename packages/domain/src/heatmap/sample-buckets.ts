// Nearest samples by buckets: points in metres sorted into square buckets of about one sample
// each, searched ring by ring outwards, so finding a cell's k nearest samples looks at a few
// dozen samples instead of all of them.

export interface Neighbours {
  /** Squared distances, ascending, and the samples' indexes, at most k of each. */
  d2: Float64Array;
  index: Int32Array;
  count: number;
}

export class SampleBuckets {
  readonly #xs: Float64Array;
  readonly #ys: Float64Array;
  readonly #x0: number;
  readonly #y0: number;
  readonly #size: number;
  readonly #cols: number;
  readonly #rows: number;
  /** Bucket b holds `order[start[b]] … order[start[b + 1] - 1]`. */
  readonly #start: Int32Array;
  readonly #order: Int32Array;

  constructor(xs: Float64Array, ys: Float64Array) {
    this.#xs = xs;
    this.#ys = ys;
    const n = xs.length;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let i = 0; i < n; i += 1) {
      x0 = Math.min(x0, xs[i] as number);
      x1 = Math.max(x1, xs[i] as number);
      y0 = Math.min(y0, ys[i] as number);
      y1 = Math.max(y1, ys[i] as number);
    }
    const width = Math.max(x1 - x0, 1);
    const height = Math.max(y1 - y0, 1);
    this.#size = Math.max(Math.sqrt((width * height) / n), 1);
    this.#x0 = x0;
    this.#y0 = y0;
    this.#cols = Math.floor(width / this.#size) + 1;
    this.#rows = Math.floor(height / this.#size) + 1;
    const buckets = this.#cols * this.#rows;
    const of = new Int32Array(n);
    const start = new Int32Array(buckets + 1);
    for (let i = 0; i < n; i += 1) {
      const b = this.#bucketAt(xs[i] as number, ys[i] as number);
      of[i] = b;
      start[b + 1] = (start[b + 1] as number) + 1;
    }
    for (let b = 0; b < buckets; b += 1)
      start[b + 1] = (start[b + 1] as number) + (start[b] as number);
    const fill = start.slice(0, buckets);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i += 1) {
      const b = of[i] as number;
      const at = fill[b] as number;
      order[at] = i;
      fill[b] = at + 1;
    }
    this.#start = start;
    this.#order = order;
  }

  #bucketAt(x: number, y: number): number {
    const col = Math.min(this.#cols - 1, Math.max(0, Math.floor((x - this.#x0) / this.#size)));
    const row = Math.min(this.#rows - 1, Math.max(0, Math.floor((y - this.#y0) / this.#size)));
    return row * this.#cols + col;
  }

  /** The k samples nearest (x, y) into `out` (reused between calls, sized k). */
  nearest(x: number, y: number, out: Neighbours): void {
    const k = out.d2.length;
    out.count = 0;
    const cx = Math.floor((x - this.#x0) / this.#size);
    const cy = Math.floor((y - this.#y0) / this.#size);
    const lastRing = Math.max(
      Math.abs(cx),
      Math.abs(this.#cols - 1 - cx),
      Math.abs(cy),
      Math.abs(this.#rows - 1 - cy),
    );
    for (let ring = 0; ring <= lastRing; ring += 1) {
      this.#visitRing(x, y, cx, cy, ring, out);
      // Every sample not yet seen lies outside this ring's square, at least `reach` away.
      const reach = this.#reach(x, y, cx, cy, ring);
      if (out.count === k && (out.d2[k - 1] as number) <= reach * reach) return;
    }
  }

  // Distance from (x, y) to the edge of the square of buckets within `ring` of its bucket.
  #reach(x: number, y: number, cx: number, cy: number, ring: number): number {
    const left = x - (this.#x0 + (cx - ring) * this.#size);
    const right = this.#x0 + (cx + ring + 1) * this.#size - x;
    const below = y - (this.#y0 + (cy - ring) * this.#size);
    const above = this.#y0 + (cy + ring + 1) * this.#size - y;
    return Math.max(0, Math.min(left, right, below, above));
  }

  // Offers the samples of the buckets exactly `ring` away.
  #visitRing(x: number, y: number, cx: number, cy: number, ring: number, out: Neighbours) {
    for (let by = cy - ring; by <= cy + ring; by += 1) {
      if (by < 0 || by >= this.#rows) continue;
      const edgeRow = by === cy - ring || by === cy + ring;
      for (let bx = cx - ring; bx <= cx + ring; bx += edgeRow ? 1 : 2 * ring) {
        if (bx >= 0 && bx < this.#cols) this.#offerBucket(x, y, by * this.#cols + bx, out);
        if (ring === 0) break;
      }
    }
  }

  #offerBucket(x: number, y: number, bucket: number, out: Neighbours): void {
    const k = out.d2.length;
    const end = this.#start[bucket + 1] as number;
    for (let s = this.#start[bucket] as number; s < end; s += 1) {
      const i = this.#order[s] as number;
      const dx = (this.#xs[i] as number) - x;
      const dy = (this.#ys[i] as number) - y;
      const d2 = dx * dx + dy * dy;
      if (out.count === k && d2 >= (out.d2[k - 1] as number)) continue;
      // Insertion into the short sorted list.
      let at = out.count === k ? k - 1 : out.count++;
      while (at > 0 && (out.d2[at - 1] as number) > d2) {
        out.d2[at] = out.d2[at - 1] as number;
        out.index[at] = out.index[at - 1] as number;
        at -= 1;
      }
      out.d2[at] = d2;
      out.index[at] = i;
    }
  }
}
