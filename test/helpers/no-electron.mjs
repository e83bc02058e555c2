// Preloaded with --import: makes the `electron` package impossible to load, as on a machine where `npm ci` could not
// download it (it is an optional dependency), so a test can show that the host does not need it.
import { register } from 'node:module';

const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === 'electron' || specifier.startsWith('electron/')) {
    throw Object.assign(new Error("Cannot find package 'electron' (hidden by the test)"), { code: 'ERR_MODULE_NOT_FOUND' });
  }
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
