import type { StackBale } from '../bales/stack-grouping.ts';

/** No grade: the bale is in no cutting with a crop (or reports nothing its table grades by). */
export const UNGRADED = -1;

/**
 * The quality grades the map colours by (docs/product.md#quality-grades): a bale's and a stack's
 * grade by the table of its cutting's crop, as the summaries grade them.
 */
export interface MapGrades<P extends StackBale = StackBale> {
  /** Names what the grades depend on besides the bales. */
  key: string;
  /** The bale's grade as its index in `hayGrades`, or `UNGRADED`. */
  of(point: P): number;
  /** The stack's grade (its bales' average nutrition, as its details give it), or `UNGRADED`. */
  ofStack(members: readonly P[]): number;
}

/** Grades that leave every bale ungraded (the stack panels, which read grades elsewhere). */
export const noGrades: MapGrades = {
  key: 'none',
  of: () => UNGRADED,
  ofStack: () => UNGRADED,
};
