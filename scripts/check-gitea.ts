/**
 * Compares the host's own API description (built from the route table and the zod structs, as /api/swagger
 * serves it) with Gitea's swagger file, for every /api/v1 operation we implement: the path and method must exist
 * in Gitea's description with the same operationId and success status, and the request and response bodies must
 * have Gitea's fields and types (see gitea-shapes.ts). Differences with a known reason are listed apart.
 *   npm run check:gitea -- <path to Gitea's swagger v1 JSON>
 * Not part of npm test: a user's clone has no copy of Gitea's description.
 */
import { readFileSync } from 'node:fs';
import { API_V1_ROUTES } from '../server/api/v1/index.ts';
import { buildOpenApi } from '../server/http/openapi.ts';
import { ShapeComparer, type Difference, type Schema } from './gitea-shapes.ts';
import { EXPLAINED } from './gitea-explained.ts';

/** Routes Gitea has no equivalent for; each is a Homeforge extension the README or the issue names. */
const EXTENSIONS = [
  /\/hooks\/\{id\}\/deliveries/, // webhook delivery history and replay at every hook level
];

interface GiteaOp { operationId?: string; parameters?: Schema[]; responses?: Record<string, Schema> }
interface GiteaSpec { paths: Record<string, Record<string, GiteaOp>> }
interface OurOp { requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, { schema: Schema }> }> }

const file = process.argv[2] ?? process.env.GITEA_SWAGGER;
if (!file) {
  process.stderr.write('usage: npm run check:gitea -- <path to Gitea\'s swagger v1 JSON>\n');
  process.exit(2);
}
const gitea = JSON.parse(readFileSync(file, 'utf8')) as GiteaSpec & Schema;
const ours = buildOpenApi(API_V1_ROUTES) as { paths: Record<string, Record<string, OurOp>> } & Schema;

/** `/repos/:owner/:repo/raw/*filepath` → `/repos/{owner}/{repo}/raw/{filepath}`, Gitea's spelling. */
const toSwaggerPath = (p: string): string => p.replace(/[:*](\w+)/g, '{$1}');

/** Gitea's names for the same path parameter differ between operations; compare the shape only. */
const shape = (p: string): string => p.replace(/\{[^}]+\}/g, '{}');
const giteaByShape = new Map<string, Record<string, GiteaOp>>();
for (const [p, ops] of Object.entries(gitea.paths)) giteaByShape.set(shape(p), ops);

const requests = new ShapeComparer({ root: ours }, { root: gitea }, 'request');
const responses = new ShapeComparer({ root: ours }, { root: gitea }, 'response');
const operationProblems: Difference[] = [];
const extensions: string[] = [];
let checked = 0;

/** Gitea's success answers of an operation: status → schema (null for an answer without a body). */
function giteaSuccesses(op: GiteaOp): Map<string, Schema | null> {
  const out = new Map<string, Schema | null>();
  for (const [status, r] of Object.entries(op.responses ?? {})) {
    if (!/^2\d\d$/.test(status)) continue;
    const ref = r.$ref as string | undefined;
    const named = ref ? (gitea.responses as Record<string, Schema>)[ref.slice(ref.lastIndexOf('/') + 1)] : r;
    const schema = named?.schema as Schema | undefined;
    // `type: file` is a raw download, not JSON.
    out.set(status, schema && schema.type !== 'file' ? schema : null);
  }
  return out;
}

for (const r of API_V1_ROUTES) {
  const p = toSwaggerPath(r.path);
  const label = `${r.method.toUpperCase()} ${p}`;
  if (EXTENSIONS.some((e) => e.test(p))) {
    extensions.push(label);
    continue;
  }
  checked += 1;
  const theirs = giteaByShape.get(shape(p))?.[r.method];
  if (!theirs) {
    operationProblems.push({ where: label, what: "not in Gitea's description" });
    continue;
  }
  if (theirs.operationId !== r.operationId) operationProblems.push({ where: label, what: `operationId ${r.operationId}, Gitea says ${theirs.operationId}` });
  const mine = ours.paths[p]![r.method]!;
  const theirBody = theirs.parameters?.find((x) => x.in === 'body')?.schema as Schema | undefined;
  const myBody = mine.requestBody?.content['application/json']?.schema;
  if (theirBody && !myBody) operationProblems.push({ where: label, what: 'Gitea takes a JSON body; no body schema here' });
  if (myBody && !theirBody) operationProblems.push({ where: label, what: 'a JSON body here; Gitea takes none' });
  if (myBody && theirBody) requests.compare(myBody, theirBody, `${r.operationId} body`);
  const successes = giteaSuccesses(theirs);
  // Every success status declared here (most routes have one; PUT /contents has two) must be one of Gitea's.
  const mySuccesses = Object.entries(mine.responses).filter(([s]) => /^2/.test(s));
  for (const [status, answer] of mySuccesses.length ? mySuccesses : [['?', {}] as const]) {
    if (!successes.has(status)) {
      operationProblems.push({ where: label, what: `answers ${status}; Gitea: ${[...successes.keys()].join(', ') || 'no success status'}` });
      continue;
    }
    const theirAnswer = successes.get(status);
    const myAnswer = 'content' in answer ? answer.content?.['application/json']?.schema : undefined;
    if (theirAnswer && !myAnswer && status !== '204') operationProblems.push({ where: label, what: 'Gitea answers with a JSON body; none declared here' });
    if (myAnswer && theirAnswer) responses.compare(myAnswer, theirAnswer, `${r.operationId} answer`);
  }
}

const all = [...operationProblems, ...requests.differences, ...responses.differences];
const explained = all.filter((d) => EXPLAINED[d.where]);
const open = all.filter((d) => !EXPLAINED[d.where]);
const line = (d: Difference): string => `  ${d.where}: ${d.what}\n`;
process.stdout.write(`${checked} operations checked against Gitea, ${extensions.length} Homeforge extensions\n`);
process.stdout.write(`${open.length} differences:\n${open.map(line).join('')}`);
process.stdout.write(`${explained.length} known differences, each with its reason:\n`);
for (const d of explained) process.stdout.write(`${line(d)}    why: ${EXPLAINED[d.where]}\n`);
process.exit(open.length ? 1 : 0);
