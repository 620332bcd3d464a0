export { createStrictFetch } from './strict-fetch.js';
export {
  type CheckedCallRecorder,
  StrictFetchError,
  type StrictFetchErrorCode,
  type StrictFetchOptions,
} from './types.js';
