import type { z } from 'zod';
import type { Checked, FieldErrors } from '@/features/identity/hooks/use-auth-form';

/**
 * Checks a step's values with the contract's schema (the server checks with the same one), each
 * field showing its first message. Only the steps after the first load zod; the sign-in form
 * checks its two fields by hand (docs/adr/0016-code-splitting-and-compression.md).
 */
export function checkWithSchema<S extends z.ZodType, T extends Record<string, string | boolean>>(
  schema: S,
): (values: T) => Checked<z.output<S>, T> {
  return (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { data: parsed.data };
    const errors: FieldErrors<T> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '') as keyof T & string;
      if (name && !errors[name]) errors[name] = issue.message;
    }
    return { errors };
  };
}
