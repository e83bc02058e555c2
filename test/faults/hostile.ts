/**
 * Hostile inputs for the bad-input test: path parameter values, field values of the wrong type, strings that
 * break naive code (traversal, reserved names, globs, durations, unicode edge cases) and raw bodies.
 * `marker` is put in every traversal so a file created outside the data dir can be searched for afterwards.
 */
import { z } from 'zod';
import type { RouteDef } from '../../server/api/router/route.ts';

/** Path parameter values, already URL-encoded as a client would send them. */
export function hostileSegments(marker: string): string[] {
  return [
    '..', '%2e%2e', '.', `..%2f..%2f..%2f${marker}`, `..%2F..%2Fetc%2Fpasswd`, encodeURIComponent(`../../../../tmp/${marker}`),
    'api', 'admin', 'explore', '-', 'a'.repeat(300), encodeURIComponent('\u202Eevil\u202C'), '%00', 'nul%00byte',
    encodeURIComponent('😀'), encodeURIComponent('e\u0301'), '%FF%FE', '-1', '0', '99999999999999999999', '1e3', '%20', encodeURIComponent('[a-'),
  ];
}

/** String field values. */
export function hostileStrings(marker: string): string[] {
  return [
    '', ' ', '[a-', '**[', 'forever', '-5m', `../../${marker}`, `/tmp/${marker}`, '..', 'api', 'admin', '.git', 'x'.repeat(5000),
    '\u202Eevil\u202C', `nul\u0000${marker}`, '😀', 'e\u0301\u0301\u0301', '\uD800', '\uFEFF', 'a\nb', 'refs/heads/../x', 'javascript:alert(1)',
    'http://[::1', 'ftp://127.0.0.1/', '{"a":1}',
  ];
}

/** Values of the wrong JSON type for a field whose schema type is `type`. */
export function wrongTypes(type: string | undefined): unknown[] {
  const all: unknown[] = ['s', 123, -1, 1.5, true, null, [], ['x'], {}, { a: 1 }, 1e308];
  return all.filter((v) => {
    if (type === 'string') return typeof v !== 'string';
    if (type === 'integer' || type === 'number') return typeof v !== 'number' || (type === 'integer' && !Number.isInteger(v)) || v === 1e308;
    if (type === 'boolean') return typeof v !== 'boolean';
    if (type === 'array') return !Array.isArray(v);
    if (type === 'object') return v === null || typeof v !== 'object' || Array.isArray(v);
    return true;
  });
}

/** Raw bodies that are not the JSON a route wants: malformed, of the wrong type, invalid UTF-8. */
export const RAW_BODIES: (string | Buffer)[] = [
  '{"a":', '{', '}', 'not json', '[]', '[1,2]', '1', '-0', 'null', '"s"', 'true', '{"__proto__":{"is_admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}', '{"a":1,"a":2}', '\uFEFF{}', ' ', '{"name":"\\ud800"}',
  Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
  Buffer.from([0xff, 0xfe, 0x00, 0x7b]),
];

interface JsonSchema { type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema; anyOf?: JsonSchema[] }

/** The top-level properties of a route's body or query schema, with their JSON type. */
export function fieldsOf(schema: z.ZodType | undefined): { name: string; type: string | undefined; item?: string | undefined }[] {
  if (!schema) return [];
  let js: JsonSchema;
  try {
    js = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema;
  } catch {
    return [];
  }
  const typeOf = (s: JsonSchema | undefined): string | undefined => {
    if (!s) return undefined;
    if (typeof s.type === 'string') return s.type;
    if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
    return s.anyOf?.map(typeOf).find((t) => t && t !== 'null');
  };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({ name, type: typeOf(s), item: typeOf(s.items) }));
}

/** JSON bodies for a route: empty, extra fields, each field wrong-typed, each string field hostile, nested junk. */
export function hostileBodies(def: RouteDef, marker: string): unknown[] {
  const out: unknown[] = [{}, { unknown_field: 1, another: [1, 2] }, { constructor: { prototype: { polluted: 1 } } }];
  for (const f of fieldsOf(def.body)) {
    for (const v of wrongTypes(f.type)) out.push({ [f.name]: v });
    if (f.type === 'string') for (const s of hostileStrings(marker)) out.push({ [f.name]: s });
    if (f.type === 'array') {
      out.push({ [f.name]: [null, 1, {}, []] });
      if (f.item === 'string') for (const s of hostileStrings(marker)) out.push({ [f.name]: [s] });
    }
    if (f.type === 'object') {
      out.push({ [f.name]: { url: `file:///etc/passwd`, content_type: 'json', branch_filter: '[a-', interval: 'forever' } });
      out.push({ [f.name]: { [`../${marker}`]: '..', nested: { deep: [1, { x: null }] } } });
    }
  }
  // exponential for a backtracking engine, and over the length cap
  out.push({ branch_filter: '*a*a*a*a*a*a*a*a*a*a*ab' }, { branch_filter: `${'*a'.repeat(500)}b` }, { branch_filter: '*a'.repeat(600) });
  out.push({ branch_filter: '[a-' }, { branch_filter: '{a,b' }, { mirror_interval: 'forever' }, { mirror_interval: '-1h' }, { interval: '1000000000h' });
  return out;
}

/** Query strings with values of the wrong shape for the route's query schema and for paging. */
export function hostileQueries(def: RouteDef, marker: string): string[] {
  const keys = new Set(['page', 'limit', ...fieldsOf(def.query).map((f) => f.name)]);
  const out: string[] = [];
  for (const k of keys) {
    for (const v of ['abc', '-1', '0', '99999999999999999999', '1.5', `../${marker}`, '%FF', '%00', '[a-', 'forever']) out.push(`${k}=${v}`);
    out.push(`${k}[]=1&${k}[]=2`, `${k}[x]=1`, `${k}=1&${k}=2`);
  }
  return out;
}

/** A plausible body for a route: its required fields filled with simple values of the right type. */
export function sampleBody(def: RouteDef): Record<string, unknown> {
  if (!def.body) return {};
  let js: JsonSchema & { properties?: Record<string, JsonSchema & { enum?: unknown[] }> };
  try {
    js = z.toJSONSchema(def.body, { unrepresentable: 'any', io: 'input' }) as typeof js;
  } catch {
    return {};
  }
  const out: Record<string, unknown> = {};
  for (const name of js.required ?? []) {
    const s = js.properties?.[name];
    const type = fieldsOf(def.body).find((f) => f.name === name)?.type;
    if (s?.enum?.length) out[name] = s.enum[0];
    else out[name] = type === 'string' ? `fz-sample-${name}` : type === 'boolean' ? true : type === 'integer' || type === 'number' ? 1 : type === 'array' ? [] : {};
  }
  return out;
}
