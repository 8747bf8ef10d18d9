import { nameErrorClass, ValidationError } from '@specbound/http';
import { fileTypeValues } from './generated/schema.js';

/** One problem found in a set of script files. */
export interface ContentProblem {
  /** Where, e.g. `files[2].name`. */
  readonly field: string;
  readonly message: string;
}

/** `updateContent` was refused before sending: the files break the service's rules. */
export class ContentValidationError extends ValidationError {
  static {
    nameErrorClass(ContentValidationError, 'ContentValidationError');
  }
  declare readonly problems: readonly ContentProblem[];

  constructor(problems: readonly ContentProblem[]) {
    const [first] = problems;
    super(
      first?.field ?? 'files',
      `Invalid script files: ${problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ')}`,
    );
    this.problems = problems;
  }
}

const MANIFEST_NAME = 'appsscript';
// `ENUM_TYPE_UNSPECIFIED` is in the enum but "never actually used": the service rejects it.
const FILE_TYPES: ReadonlySet<string> = new Set(fileTypeValues.filter((t) => t !== 'ENUM_TYPE_UNSPECIFIED'));

/**
 * Checks the files of an `updateContent` call and returns every problem (none when valid):
 * exactly one manifest named `appsscript` of type `JSON` whose source is a JSON object; JSON used
 * for nothing else; every file with a non-empty, unique name, a valid type and a string source.
 */
export function validateContentFiles(files: unknown): ContentProblem[] {
  const problems: ContentProblem[] = [];
  // One push per problem, so the many checks below stay short in a minified bundle (issue 21).
  const add = (field: string, message: string): void => {
    problems.push({ field, message });
  };
  if (!Array.isArray(files)) {
    add('files', `must be an array of files, including the "${MANIFEST_NAME}" manifest`);
    return problems;
  }
  const seen = new Map<string, number>();
  const manifest = `the "${MANIFEST_NAME}" manifest must `;
  let manifests = 0;
  files.forEach((file: unknown, index) => {
    const at = `files[${index}]`;
    if (typeof file !== 'object' || file === null) {
      add(at, 'must be an object with name, type and source');
      return;
    }
    const { name, type, source } = file as Record<string, unknown>;
    if (typeof name !== 'string' || name === '') {
      add(`${at}.name`, 'must be a non-empty string (without extension)');
    } else {
      const earlier = seen.get(name);
      if (earlier !== undefined) add(`${at}.name`, `"${name}" is also the name of files[${earlier}]`);
      else seen.set(name, index);
    }
    if (typeof type !== 'string' || !FILE_TYPES.has(type)) {
      add(`${at}.type`, `must be one of SERVER_JS, HTML, JSON (got ${JSON.stringify(type)})`);
    }
    if (typeof source !== 'string') add(`${at}.source`, 'must be a string');
    if (name === MANIFEST_NAME) {
      manifests++;
      if (type !== 'JSON') add(`${at}.type`, `${manifest}have type JSON`);
      else if (typeof source === 'string' && !isJsonObject(source))
        add(`${at}.source`, `${manifest}be a JSON object`);
    } else if (type === 'JSON') {
      add(`${at}.type`, `JSON is only for the "${MANIFEST_NAME}" manifest`);
    }
  });
  if (manifests === 0) add('files', `a manifest named "${MANIFEST_NAME}" of type JSON is required`);
  return problems;
}

/** Throws `ContentValidationError` listing every problem when the files are not a valid set. */
export function assertValidContent(files: unknown): void {
  const problems = validateContentFiles(files);
  if (problems.length > 0) throw new ContentValidationError(problems);
}

function isJsonObject(source: string): boolean {
  try {
    const value: unknown = JSON.parse(source);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
