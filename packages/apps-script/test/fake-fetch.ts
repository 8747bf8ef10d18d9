// The shared fake fetch (scripts/fake-fetch.mjs) and this package's test IDs.
export {
  fakeFetch,
  googleError,
  json,
  only,
  queryPairs,
} from '@specbound/scripts/fake-fetch.mjs';

export const SCRIPT_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_abcdefghijklmnop';
export const DEPLOYMENT_ID = 'AKfycbzK3Ff8mA1xQq2D5sWw9VbA7yXr4LZtPz0Nn1Cj6Qe8Hg';
export const TOKEN = 'ya29.secret-access-token-value';
export const BASE = 'https://script.googleapis.com';
