// typescript-eslint with type information, zero warnings; plus the one-way layering rule of CONVENTIONS.md and no
// import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';

const ELECTRON = { name: 'electron', message: 'server/ never imports electron' };
const ALL = ['lib', 'structs', 'store', 'git', 'convert', 'services', 'api', 'http', 'worker', 'lan', 'cli'];
// Imports are relative: one into another top-level folder climbs with '../' and then names it. A folder of the same
// name nested inside a layer (worker/delivery/convert) is reached with './' and is not matched.
const dirPattern = (dir) => `^(\\.\\./)+${dir}/`;

/**
 * Each layer may import only the layers to its right. Flat config replaces (does not merge) a rule's options
 * when two blocks match one file, so every file group gets exactly one block with all of its restrictions
 * (layers, electron), and the groups do not overlap: the more specific folders (api/router, api/guards) are
 * excluded from the wider ones. `import type` of a record or wire type stays allowed where `types` says so.
 */
const layer = (name, files, forbidden, { ignores = [], types = false, extra = [] } = {}) => ({
  name: `layers/${name}`,
  files,
  ignores,
  rules: {
    'no-restricted-imports': 'off',
    '@typescript-eslint/no-restricted-imports': ['error', {
      paths: [ELECTRON],
      patterns: [
        ...forbidden.map((dir) => ({
          regex: dirPattern(dir), allowTypeImports: types,
          message: `${name} must not import ${dir}/ (dependencies point one way: http → api → services → convert/store/git → lib)`,
        })),
        ...extra,
      ],
    }],
  },
});

const without = (...drop) => ALL.filter((d) => !drop.includes(d));

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'renderer/dist/**', 'data/**', 'test-results/**', 'bench/results/**', '.scratch*/**', '**/*.mjs', 'eslint.config.js', 'server/lib/proto/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // node:test's describe() and test() return promises the runner tracks itself.
  { files: ['**/*.test.ts', 'test/**'], rules: { '@typescript-eslint/no-floating-promises': 'off' } },
  // No import cycles in the host (a cycle is a layering fault however short).
  {
    name: 'cycles',
    files: ['server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts'], 'import-x/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  layer('lib', ['server/lib/**'], without('lib')),
  // Wire schemas: zod and lib only, so the renderer and the OpenAPI description can import them alone.
  layer('structs', ['server/structs/**'], without('lib', 'structs'), {
    extra: [{ regex: '^(?!zod(/|$)|\\.{1,2}/)', message: 'structs imports only zod and lib' }],
  }),
  layer('store', ['server/store/**'], without('lib', 'store')),
  layer('git', ['server/git/**'], without('lib', 'git')),
  layer('convert', ['server/convert/**'], without('lib', 'store', 'structs', 'convert')),
  // The worker runs mirror jobs, so it may spawn git through server/git (a leaf layer, like lib).
  layer('worker', ['server/worker/**'], without('lib', 'git', 'worker')),
  layer('services', ['server/services/**'], ['api', 'http', 'lan', 'cli']),
  // The router machinery: no route tables, no guards' decisions, no store reads (types only).
  layer('api/router', ['server/api/router/**'], ['http', 'lan', 'cli', 'v1', 'homeforge', 'guards', 'store', 'git', 'convert'], { types: true }),
  // Guards call services only; records may be named as types.
  layer('api/guards', ['server/api/guards/**'], ['http', 'lan', 'cli', 'v1', 'homeforge', 'store', 'git'], { types: true }),
  layer('api', ['server/api/**'], ['http', 'lan', 'cli', 'store', 'git'], { ignores: ['server/api/router/**', 'server/api/guards/**'], types: true }),
  layer('http', ['server/http/**'], ['lan', 'cli', 'store'], { types: true }),
  layer('server', ['server/**'], [], {
    ignores: ['server/{lib,structs,store,git,convert,worker,services,api,http}/**'],
  }),
);
