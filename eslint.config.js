// typescript-eslint with type information, zero warnings; plus the one-way layering rule of CONVENTIONS.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Layers may import only from the layers to their right. */
const layer = (files, forbidden) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', {
      patterns: forbidden.map((dir) => ({ group: [`**/${dir}/**`, `**/${dir}.ts`], message: `this layer must not import ${dir}/ (dependencies point one way)` })),
    }],
  },
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'renderer/dist/**', 'data/**', 'test-results/**', 'bench/results/**', '.scratch*/**', '**/*.mjs', 'eslint.config.js'] },
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
  layer(['server/lib/**'], ['store', 'services', 'api', 'http', 'git', 'worker', 'convert']),
  layer(['server/store/**'], ['services', 'api', 'http', 'git', 'worker', 'convert']),
  layer(['server/convert/**'], ['services', 'api', 'http', 'git', 'worker']),
  layer(['server/git/**'], ['services', 'api', 'http', 'store', 'worker']),
  layer(['server/services/**'], ['api', 'http']),
  layer(['server/api/**'], ['http']),
  // The worker runs mirror jobs, so it may spawn git through server/git (a leaf layer, like lib).
  layer(['server/worker/**'], ['store', 'services', 'api', 'http']),
  {
    files: ['server/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'server/ never imports electron' }] }] },
  },
);
