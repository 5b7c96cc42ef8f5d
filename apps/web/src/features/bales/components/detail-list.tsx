import type { ReactNode } from 'react';
import classes from './detail-list.module.css';

/**
 * Label and value pairs as a two-column table with row headers, so a screen reader announces
 * 'Weight, 1,102 lb' and a test finds a value by its label:
 * `getByRole('row', { name: /^Weight / }).getByRole('cell')`.
 */
export function DetailList({
  title,
  rows,
}: {
  title?: string;
  /** A value may be text or, to say what to do about it, text with a link; null: not reported. */
  rows: { label: string; value: ReactNode }[];
}) {
  return (
    <table className={classes.table}>
      {title && <caption className={classes.caption}>{title}</caption>}
      <tbody>
        {rows.map((row) => (
          <tr key={row.label} className={classes.row}>
            <th scope="row" className={classes.label}>
              {row.label}
            </th>
            <td className={classes.value}>
              {row.value ?? <span className={classes.missing}>Not reported</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
