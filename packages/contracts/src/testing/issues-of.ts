import type { z } from 'zod';
import { type ApiIssue, toApiIssues } from '../errors/api-error.ts';

/** The issues a schema reports for `value` as the API would send them; [] when it parses. */
export function issuesOf(schema: z.ZodType, value: unknown): ApiIssue[] {
  const result = schema.safeParse(value);
  return result.success ? [] : toApiIssues(result.error);
}

/** Just the messages reported at `path` ('' for the whole value). */
export function messagesAt(schema: z.ZodType, value: unknown, path: string): string[] {
  return issuesOf(schema, value)
    .filter((issue) => issue.path === path)
    .map((issue) => issue.message);
}
