/**
 * Compares the host's own API description (built from the route table, as /api/swagger serves it) with
 * Gitea's swagger file, for every /api/v1 operation we implement: the path and method must exist in Gitea's
 * description with the same operationId, unless the route is a documented Homeforge extension.
 *   npm run check:gitea -- <path to Gitea's swagger v1 JSON>
 * Not part of npm test: a user's clone has no copy of Gitea's description.
 */
import { readFileSync } from 'node:fs';
import { API_V1_ROUTES } from '../server/api/v1/index.ts';

/** Routes Gitea has no equivalent for; each is a Homeforge extension the README or the issue names. */
const EXTENSIONS = [
  /\/hooks\/\{id\}\/deliveries/, // webhook delivery history and replay at every hook level
];

interface GiteaSpec { paths: Record<string, Record<string, { operationId?: string }>> }

const file = process.argv[2] ?? process.env.GITEA_SWAGGER;
if (!file) {
  process.stderr.write('usage: npm run check:gitea -- <path to Gitea\'s swagger v1 JSON>\n');
  process.exit(2);
}
const gitea = JSON.parse(readFileSync(file, 'utf8')) as GiteaSpec;

/** `/repos/:owner/:repo/raw/*filepath` → `/repos/{owner}/{repo}/raw/{filepath}`, Gitea's spelling. */
const toSwaggerPath = (p: string): string => p.replace(/\*(\w+)/g, '{$1}').replace(/:(\w+)/g, '{$1}').replace(/\{\*?(\w+)\}/g, '{$1}');

/** Gitea's names for the same path parameter differ between operations; compare the shape only. */
const shape = (p: string): string => p.replace(/\{[^}]+\}/g, '{}');
const giteaByShape = new Map<string, { path: string; ops: Record<string, { operationId?: string }> }>();
for (const [p, ops] of Object.entries(gitea.paths)) giteaByShape.set(shape(p), { path: p, ops });

let checked = 0;
const problems: string[] = [];
const extensions: string[] = [];
for (const r of API_V1_ROUTES) {
  const p = toSwaggerPath(r.path);
  const label = `${r.method.toUpperCase()} ${p}`;
  if (EXTENSIONS.some((e) => e.test(p))) {
    extensions.push(label);
    continue;
  }
  checked += 1;
  const match = giteaByShape.get(shape(p));
  const op = match?.ops[r.method];
  if (!op) problems.push(`${label}: not in Gitea's description`);
  else if (op.operationId !== r.operationId) problems.push(`${label}: operationId ${r.operationId}, Gitea says ${op.operationId}`);
}
process.stdout.write(`${checked} operations checked against Gitea, ${extensions.length} Homeforge extensions, ${problems.length} problems\n`);
for (const x of problems) process.stdout.write(`  ${x}\n`);
process.exit(problems.length ? 1 : 0);
