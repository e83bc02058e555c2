// A node:test reporter that prints the slowest test files, then one closing line, "N passed, N failed".
const SLOWEST = 12;

export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  // Per file, the summed time of its top-level tests (they run one after another within a file).
  const fileMs = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.nesting === 0 && event.data.file) {
      fileMs.set(event.data.file, (fileMs.get(event.data.file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
    // Only leaf tests count; suites report too, with details.type === 'suite'.
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) skipped += 1;
    else if (event.type === 'test:pass') passed += 1;
    else failed += 1;
  }
  const slowest = [...fileMs].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST);
  if (slowest.length > 1) {
    const cwd = `${process.cwd()}/`;
    yield `\nslowest test files (seconds in their tests):\n${slowest.map(([f, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)}  ${f.replace(cwd, '')}`).join('\n')}\n`;
  }
  yield `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`;
}
