// The manifest (appsscript.json) checked against its documented fields and types before a push sends
// anything (https://developers.google.com/apps-script/manifest). Fields the check does not know are
// left alone: the manifest grows, and the service is the judge of those.
import { webAppConfigAccessValues, webAppConfigExecuteAsValues } from '@specbound/apps-script/schema';
import { ToolsError } from '../errors.js';
import { json5 } from '../json5.js';

type Known<T extends string> = Exclude<T, `UNKNOWN_${string}`>;
const known = <T extends string>(values: readonly T[]) =>
  values.filter((v): v is Known<T> => !v.startsWith('UNKNOWN_'));

/** Who may open the web app or call the API executable (`webapp.access`, `executionApi.access`), from the spec's enum. */
export const WEB_APP_ACCESS = known(webAppConfigAccessValues);
/** Whose identity the web app runs with (`webapp.executeAs`), from the spec's enum. */
export const WEB_APP_EXECUTE_AS = known(webAppConfigExecuteAsValues);
// The manifest's own values, which the API's spec does not describe.
const RUNTIME_VERSIONS = ['STABLE', 'V8', 'DEPRECATED_ES5'];
const EXCEPTION_LOGGING = ['NONE', 'STACKDRIVER'];
/** Top-level fields that hold an object (add-on and integration settings). */
const OBJECT_FIELDS = ['addOns', 'calendar', 'chat', 'dataStudio', 'docs', 'gmail', 'sheets', 'slides'];

type Value = unknown;
const kind = (v: Value) => (Array.isArray(v) ? 'an array' : v === null ? 'null' : `a ${typeof v}`);
const isObject = (v: Value): v is Record<string, Value> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Line and column (1-based) of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * Where JSON.parse stopped. V8 names a position for most errors but not for an unexpected token;
 * JSON5's parser (a superset) then finds the line and column of the first bad character.
 */
function syntaxErrorAt(text: string, error: Error): { line: number; column: number } {
  const position = /at position (\d+)/.exec(error.message)?.[1];
  if (position !== undefined) return lineColumn(text, Number(position));
  try {
    json5().parse(text);
  } catch (json5Error) {
    const { lineNumber, columnNumber } = json5Error as { lineNumber?: number; columnNumber?: number };
    if (lineNumber !== undefined) return { line: lineNumber, column: columnNumber ?? 1 };
  }
  return lineColumn(text, text.length);
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function checkEnum(problems: string[], where: string, value: Value, allowed: readonly string[]): void {
  if (value !== undefined && (typeof value !== 'string' || !allowed.includes(value))) {
    problems.push(`${where} is ${JSON.stringify(value)}; it must be one of ${allowed.join(', ')}`);
  }
}

function checkStringArray(problems: string[], where: string, value: Value): void {
  if (value !== undefined && (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))) {
    problems.push(`${where} must be an array of strings (it is ${kind(value)})`);
  }
}

function checkEntries(problems: string[], where: string, value: Value, fields: readonly string[]): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) {
    problems.push(`${where} must be an array (it is ${kind(value)})`);
    return;
  }
  value.forEach((entry, i) => {
    for (const field of fields) {
      const v = isObject(entry) ? entry[field] : undefined;
      if (typeof v !== 'string' || v === '')
        problems.push(`${where}[${i}].${field} must be a non-empty string`);
    }
  });
}

function checkDependencies(problems: string[], value: Value): void {
  if (value === undefined) return;
  if (!isObject(value)) {
    problems.push(`dependencies must be an object (it is ${kind(value)})`);
    return;
  }
  checkEntries(problems, 'dependencies.enabledAdvancedServices', value.enabledAdvancedServices, [
    'userSymbol',
    'serviceId',
    'version',
  ]);
  checkEntries(problems, 'dependencies.libraries', value.libraries, ['userSymbol', 'libraryId', 'version']);
}

function checkSection(
  problems: string[],
  name: string,
  value: Value,
  check: (o: Record<string, Value>) => void,
) {
  if (value === undefined) return;
  if (!isObject(value)) problems.push(`${name} must be an object (it is ${kind(value)})`);
  else check(value);
}

/** What is wrong with a parsed manifest, one sentence per field. */
export function manifestProblems(manifest: Record<string, Value>): string[] {
  const problems: string[] = [];
  const { timeZone } = manifest;
  if (timeZone !== undefined && (typeof timeZone !== 'string' || !isTimeZone(timeZone))) {
    problems.push(
      `timeZone is ${JSON.stringify(timeZone)}; it must be an IANA time zone such as "Europe/Paris"`,
    );
  }
  checkEnum(problems, 'runtimeVersion', manifest.runtimeVersion, RUNTIME_VERSIONS);
  checkEnum(problems, 'exceptionLogging', manifest.exceptionLogging, EXCEPTION_LOGGING);
  checkStringArray(problems, 'oauthScopes', manifest.oauthScopes);
  checkStringArray(problems, 'urlFetchWhitelist', manifest.urlFetchWhitelist);
  checkSection(problems, 'executionApi', manifest.executionApi, (o) =>
    checkEnum(problems, 'executionApi.access', o.access, WEB_APP_ACCESS),
  );
  checkSection(problems, 'webapp', manifest.webapp, (o) => {
    checkEnum(problems, 'webapp.access', o.access, WEB_APP_ACCESS);
    checkEnum(problems, 'webapp.executeAs', o.executeAs, WEB_APP_EXECUTE_AS);
  });
  checkDependencies(problems, manifest.dependencies);
  for (const field of OBJECT_FIELDS) checkSection(problems, field, manifest[field], () => {});
  return problems;
}

/** Raised when appsscript.json is not valid JSON or breaks the manifest's documented types. */
export class ManifestError extends ToolsError {
  readonly problems: readonly string[];
  constructor(file: string, problems: readonly string[]) {
    super(`${file} is not a valid manifest (nothing was sent): ${problems.join('; ')}.`, {
      code: 'manifest-invalid',
      details: { file, problems: problems.join('; ') },
    });
    this.problems = problems;
  }
}

/** Checks the manifest's text (`file` names it in the error); throws `ManifestError`. */
export function checkManifest(text: string, file: string): void {
  let value: Value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const { line, column } = syntaxErrorAt(text, error as Error);
    throw new ManifestError(file, [
      `JSON syntax error at line ${line}, column ${column}: ${(error as Error).message}`,
    ]);
  }
  if (!isObject(value)) throw new ManifestError(file, [`it must be a JSON object (it is ${kind(value)})`]);
  const problems = manifestProblems(value);
  if (problems.length > 0) throw new ManifestError(file, problems);
}
