import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants.ts';
import { messages } from '../errors/messages.ts';

/** A name people type for a filter, field, cutting, crop, baler or person. */
export const nameSchema = z
  .string({ error: messages.validation.nameRequired })
  .trim()
  .min(1, messages.validation.nameRequired)
  .max(NAME_MAX_LENGTH, messages.validation.nameTooLong);
