/** Every bale a map answer accounts for: its clusters' counts, loose bales and stacks' counts. */
export const balesInView = (view: {
  clusters: { count: number }[];
  bales: unknown[];
  stacks: { count: number }[];
}) =>
  view.clusters.reduce((n, c) => n + c.count, 0) +
  view.bales.length +
  view.stacks.reduce((n, s) => n + s.count, 0);
