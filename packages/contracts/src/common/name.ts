import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants.ts';
import { messages } from '../errors/messages.ts';

/**
 * Unicode's embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): invisible,
 * they make a name show as other text ('Mia \u202EreganaM' reads 'Mia Manager') in lists and
 * mails. Marks that only nudge right-to-left text (U+200E, U+200F) stay allowed.
 */
export const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** A name people type for a filter, field, cutting, crop, baler or person. */
export const nameSchema = z
  .string({ error: messages.validation.nameRequired })
  .trim()
  .min(1, messages.validation.nameRequired)
  .max(NAME_MAX_LENGTH, messages.validation.nameTooLong)
  .refine((name) => !DIRECTION_CONTROLS.test(name), messages.validation.nameWithDirectionControls);

/**
 * A name as a file gives it (a shape's attribute in a shapefile, KML or GeoJSON): control
 * characters and runs of white space become one space, the ends trimmed, at most
 * `NAME_MAX_LENGTH` characters, so an imported name saves as it shows. Undefined when nothing
 * is left.
 * @example tidyFileName('North\u0007 40\r\n') // 'North 40'
 */
export function tidyFileName(text: string | undefined): string | undefined {
  const tidy = (text ?? '')
    .replace(new RegExp(DIRECTION_CONTROLS.source, 'g'), '')
    .replace(/[\p{Cc}\s]+/gu, ' ')
    .trim();
  let cut = tidy.slice(0, NAME_MAX_LENGTH);
  // Not half of a character written as two UTF-16 units.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trimEnd() || undefined;
}
