// Loaded with `node --import`: the packages named in ARGSEAL_TEST_HIDE (comma-separated)
// cannot be resolved, as if they were not installed beside argseal.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
const hidden = new Set((process.env.ARGSEAL_TEST_HIDE ?? '').split(',').filter(Boolean));
export async function resolve(specifier, context, next) {
  if (hidden.has(specifier)) {
    const error = new Error('Cannot find package ' + JSON.stringify(specifier));
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`)}`,
);
