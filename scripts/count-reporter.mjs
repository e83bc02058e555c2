// A node:test reporter that prints one closing line, "N passed, N failed", after everything else.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    // Only leaf tests count; suites report too, with details.type === 'suite'.
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.data.skip || event.data.todo) skipped += 1;
    else if (event.type === 'test:pass') passed += 1;
    else failed += 1;
  }
  yield `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`;
}
