// The layering lint works: a planted import against the layers, a planted cycle and a planted structs dependency
// each fail `eslint` with their rule; the planted files are removed afterwards.
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const planted: string[] = [];

/** Writes a file into the repository (under a name no one else uses) and remembers it for removal. */
async function plant(rel: string, text: string): Promise<string> {
  const file = path.join(root, rel);
  planted.push(file);
  await writeFile(file, text);
  return file;
}

async function lint(file: string): Promise<ESLint.LintResult['messages']> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintFiles([file]);
  assert.ok(result);
  return result.messages;
}

const rules = (messages: ESLint.LintResult['messages']): string[] => messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);

describe('lint: layers and cycles', () => {
  const tag = randomBytes(4).toString('hex');
  after(async () => {
    for (const f of planted) await rm(f, { force: true });
  });

  test('store importing services fails with the layer rule', async () => {
    const file = await plant(`server/store/planted-${tag}.ts`, [
      "import { subscribeFeatures } from '../services/subscribers.ts';",
      '/** Planted by a test. */',
      'export const planted = subscribeFeatures;',
      '',
    ].join('\n'));
    const messages = await lint(file);
    assert.deepEqual(rules(messages), ['@typescript-eslint/no-restricted-imports']);
    assert.match(messages[0]!.message, /store must not import services\//);
  });

  test('the same import as a type only is still refused below services, and allowed in api', async () => {
    const below = await plant(`server/git/planted-${tag}.ts`, [
      "import type { AppContext } from '../services/context.ts';",
      '/** Planted by a test. */',
      'export type Planted = AppContext;',
      '',
    ].join('\n'));
    assert.deepEqual(rules(await lint(below)), ['@typescript-eslint/no-restricted-imports']);
    const api = await plant(`server/api/planted-${tag}.ts`, [
      "import type { RepoRecord } from '../store/records.ts';",
      '/** Planted by a test. */',
      'export type Planted = RepoRecord;',
      '',
    ].join('\n'));
    assert.deepEqual(rules(await lint(api)), []);
  });

  test('a guard reading the store directly fails; services import nothing above them', async () => {
    const guard = await plant(`server/api/guards/planted-${tag}.ts`, [
      "import * as repoStore from '../../store/repos.ts';",
      '/** Planted by a test. */',
      'export const planted = repoStore.getById;',
      '',
    ].join('\n'));
    assert.deepEqual(rules(await lint(guard)), ['@typescript-eslint/no-restricted-imports']);
    const service = await plant(`server/services/planted-${tag}.ts`, [
      "import { createApp } from '../http/app.ts';",
      '/** Planted by a test. */',
      'export const planted = createApp;',
      '',
    ].join('\n'));
    assert.deepEqual(rules(await lint(service)), ['@typescript-eslint/no-restricted-imports']);
  });

  test('structs import only zod and lib', async () => {
    const file = await plant(`server/structs/planted-${tag}.ts`, [
      "import picomatch from 'picomatch';",
      "import { z } from 'zod';",
      '/** Planted by a test. */',
      'export const Planted = z.object({ glob: z.string().refine((g) => picomatch(g)("x")) });',
      '',
    ].join('\n'));
    const messages = await lint(file);
    assert.deepEqual(rules(messages), ['@typescript-eslint/no-restricted-imports']);
    assert.match(messages[0]!.message, /structs imports only zod and lib/);
  });

  test('an import cycle fails with no-cycle', async () => {
    const a = await plant(`server/lib/planted-${tag}-a.ts`, [
      `import { b } from './planted-${tag}-b.ts';`,
      '/** Planted by a test. */',
      'export const a = (): number => b() + 1;',
      '',
    ].join('\n'));
    await plant(`server/lib/planted-${tag}-b.ts`, [
      `import { a } from './planted-${tag}-a.ts';`,
      '/** Planted by a test. */',
      'export const b = (): number => (typeof a === "function" ? 1 : 0);',
      '',
    ].join('\n'));
    const messages = await lint(a);
    assert.deepEqual(rules(messages), ['import-x/no-cycle']);
  });
});
