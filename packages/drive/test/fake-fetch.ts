// The shared fake fetch (scripts/fake-fetch.mjs) and this package's test IDs.
export {
  fakeFetch,
  json,
  only,
  queryPairs,
} from '@specbound/scripts/fake-fetch.mjs';

export const FILE_ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
export const TOKEN = 'ya29.secret-access-token-value';
export const BASE = 'https://www.googleapis.com';
