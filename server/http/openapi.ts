/**
 * The API description generated from the route table and its zod schemas (served at /api/swagger): every
 * route's operationId, parameters, request body and success answer, with the named wire shapes of
 * server/structs as components (`#/components/schemas/Repository`, ...).
 */
import { z } from 'zod';
import type { RouteDef } from '../api/router/route.ts';
import { HOMEFORGE_VERSION } from '../lib/version.ts';

type JsonSchema = Record<string, unknown>;

/** Converts one schema, moving its named parts into `components` and pointing its refs there. */
function convert(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const out = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
  const text = JSON.stringify(out).replaceAll('"#/definitions/', '"#/components/schemas/');
  const { definitions, ...root } = JSON.parse(text) as JsonSchema & { definitions?: Record<string, JsonSchema> };
  for (const [name, def] of Object.entries(definitions ?? {})) components[name] ??= def;
  return root;
}

const pathParams = (path: string) =>
  [...path.matchAll(/[:*](\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));

function successResponse(r: RouteDef, components: Record<string, JsonSchema>): Record<string, object> {
  const status = String(r.status ?? (r.response ? 200 : 204));
  if (r.response) {
    const answer = { description: 'OK', content: { 'application/json': { schema: convert(r.response, 'output', components) } } };
    return Object.fromEntries([status, ...(r.alsoStatus ?? []).map(String)].map((s) => [s, answer]));
  }
  if (status === '204') return { [status]: { description: 'No Content' } };
  return { [status]: { description: 'raw content or an empty body' } };
}

function build(routes: RouteDef[], base: string): object {
  const paths: Record<string, Record<string, object>> = {};
  const components: Record<string, JsonSchema> = {};
  for (const r of routes) {
    const p = r.path.replace(/[:*](\w+)/g, '{$1}');
    const op: Record<string, unknown> = {
      operationId: r.operationId,
      summary: r.summary ?? r.operationId,
      'x-access': r.access,
      'x-scope': r.scope,
      parameters: pathParams(r.path),
      responses: { ...successResponse(r, components), default: { description: 'an error: {"message", "url"}' } },
    };
    if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: convert(r.body, 'input', components) } } };
    (paths[p] ??= {})[r.method] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Homeforge API (Gitea-compatible)', version: HOMEFORGE_VERSION },
    servers: [{ url: base }],
    paths,
    components: { schemas: components },
  };
}

const built = new WeakMap<RouteDef[], object>();

/** An OpenAPI 3 document of `routes` (mounted at `base`), built once per route table. */
export function buildOpenApi(routes: RouteDef[], base = '/api/v1'): object {
  let doc = built.get(routes);
  if (!doc) built.set(routes, (doc = build(routes, base)));
  return doc;
}
