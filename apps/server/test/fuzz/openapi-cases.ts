// Hostile requests generated from the OpenAPI document: for every operation, wrong types,
// control characters, huge values, bad path parameters, bodies that are not JSON and wrong
// content types. `rounds` adds random mutations (seeded, so a failure can be replayed).

import { mulberry32 } from '@baletrack/domain/seeded-random';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzCase {
  label: string;
  method: string;
  /** Path with parameters filled in, already encoded. */
  path: string;
  query?: Record<string, string>;
  body?: string;
  contentType?: string;
}

const SAFE_ID = '00000000-0000-4000-8000-000000000000';

/** Values no API should choke on, as strings (query and path) and as JSON. */
const hostileText = [
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  'x'.repeat(5_000),
  '1e400',
  '-1',
  '',
  '%',
  '../../etc/passwd',
  '\ud800',
  '[object Object]',
];
const hostileJson: unknown[] = [
  '\u0000',
  'x'.repeat(200_000),
  1e308,
  -1e308,
  -1,
  0.5,
  Number.MAX_SAFE_INTEGER * 16,
  true,
  null,
  [],
  {},
  [[[[[[[[[[[]]]]]]]]]]],
  { __proto__: { polluted: true } },
];

/** Percent-encodes a path segment; a lone surrogate becomes bytes that are not UTF-8 at all. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeSegment(values[name] ?? SAFE_ID),
  );
}

/**
 * Every hostile case for every operation whose path starts with one of `prefixes`.
 * @example casesFor(document, ['/data-api/', '/user-api/'], 0).length // several hundred
 */
export function casesFor(
  document: OpenApiDocument,
  prefixes: string[],
  rounds: number,
): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const next = mulberry32(20261122);
  for (const [template, methods] of Object.entries(document.paths)) {
    if (!prefixes.some((prefix) => template.startsWith(prefix))) continue;
    for (const [lower, operation] of Object.entries(methods)) {
      const method = lower.toUpperCase();
      const params = operation.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const base = fillPath(template, {});
      const at = `${method} ${template}`;

      for (const param of pathParams) {
        for (const value of hostileText.filter((v) => v !== '')) {
          cases.push({
            label: `${at} path ${param.name}=${JSON.stringify(value.slice(0, 20))}`,
            method,
            path: fillPath(template, { [param.name]: value }),
          });
        }
      }
      for (const param of queryParams) {
        for (const value of hostileText) {
          cases.push({
            label: `${at} query ${param.name}=${JSON.stringify(value.slice(0, 20))}`,
            method,
            path: base,
            query: { [param.name]: value },
          });
        }
      }
      if (method !== 'GET' && method !== 'DELETE') {
        cases.push(
          {
            label: `${at} body not JSON`,
            method,
            path: base,
            body: '{"a":',
            contentType: 'application/json',
          },
          {
            label: `${at} body text/plain`,
            method,
            path: base,
            body: '{}',
            contentType: 'text/plain',
          },
          {
            label: `${at} body a JSON string`,
            method,
            path: base,
            body: '"x"',
            contentType: 'application/json',
          },
          {
            label: `${at} body an array`,
            method,
            path: base,
            body: '[1,2]',
            contentType: 'application/json',
          },
          {
            label: `${at} body xml`,
            method,
            path: base,
            body: '<a/>',
            contentType: 'application/xml',
          },
        );
        for (const property of Object.keys(bodySchema?.properties ?? {})) {
          for (const value of hostileJson) {
            cases.push({
              label: `${at} body ${property}=${JSON.stringify(value)?.slice(0, 24)}`,
              method,
              path: base,
              body: JSON.stringify({ [property]: value }),
              contentType: 'application/json',
            });
          }
        }
      }
      // Random mutations: several hostile values at once, anywhere.
      for (let round = 0; round < rounds; round += 1) {
        const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
        const query = Object.fromEntries(queryParams.map((p) => [p.name, pick(hostileText)]));
        const bodyValue = Object.fromEntries(
          Object.keys(bodySchema?.properties ?? {}).map((k) => [k, pick(hostileJson)]),
        );
        cases.push({
          label: `${at} random round ${round}`,
          method,
          path: fillPath(
            template,
            Object.fromEntries(pathParams.map((p) => [p.name, pick(hostileText) || SAFE_ID])),
          ),
          query,
          ...(method === 'GET' || method === 'DELETE'
            ? {}
            : { body: JSON.stringify(bodyValue), contentType: 'application/json' }),
        });
      }
    }
  }
  return cases;
}
