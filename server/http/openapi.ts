/** The API description generated from the route table and its zod schemas (served at /api/swagger). */
import { z } from 'zod';
import type { RouteDef } from '../api/v1/route.ts';
import { HOMEFORGE_VERSION } from '../lib/version.ts';

/** An OpenAPI 3 document listing every route, its operationId, body schema and security. */
export function buildOpenApi(routes: RouteDef[]): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const r of routes) {
    const p = r.path.replace(/:(\w+)/g, '{$1}');
    const op: Record<string, unknown> = {
      operationId: r.operationId,
      summary: r.summary ?? r.operationId,
      'x-access': r.access,
      'x-scope': r.scope,
      parameters: [...r.path.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })),
      responses: { default: { description: 'see Gitea' } },
    };
    if (r.body) op.requestBody = { content: { 'application/json': { schema: z.toJSONSchema(r.body, { unrepresentable: 'any' }) } } };
    (paths[p] ??= {})[r.method] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Homeforge API (Gitea-compatible)', version: HOMEFORGE_VERSION },
    servers: [{ url: '/api/v1' }],
    paths,
  };
}
