import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants.ts';
import { messages } from '../errors/messages.ts';

/** A name people type for a filter, field, cutting, crop, baler or person. */
export const nameSchema = z
  .string({ error: messages.validation.nameRequired })
  .trim()
  .min(1, messages.validation.nameRequired)
  .max(NAME_MAX_LENGTH, messages.validation.nameTooLong);

/**
 * A name as a file gives it (a shape's attribute in a shapefile, KML or GeoJSON): control
 * characters and runs of white space become one space, the ends trimmed, at most
 * `NAME_MAX_LENGTH` characters, so an imported name saves as it shows. Undefined when nothing
 * is left.
 * @example tidyFileName('North\u0007 40\r\n') // 'North 40'
 */
export function tidyFileName(text: string | undefined): string | undefined {
  const tidy = (text ?? '').replace(/[\p{Cc}\s]+/gu, ' ').trim();
  let cut = tidy.slice(0, NAME_MAX_LENGTH);
  // Not half of a character written as two UTF-16 units.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd() || undefined;
}
