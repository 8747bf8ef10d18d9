// The shared fake fetch (scripts/fake-fetch.mjs) and this package's test IDs.
export {
  fakeFetch,
  googleError,
  json,
  only,
} from '@specbound/scripts/fake-fetch.mjs';

export const PROJECT = 'projects/my-gcp-project';
export const TOKEN = 'ya29.secret-access-token-value';
export const BASE = 'https://logging.googleapis.com';
