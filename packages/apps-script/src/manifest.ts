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
  readonly problems: readonly ContentProblem[];

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
  if (!Array.isArray(files)) {
    return [{ field: 'files', message: 'must be an array of files, including the "appsscript" manifest' }];
  }
  const problems: ContentProblem[] = [];
  const seen = new Map<string, number>();
  let manifests = 0;
  files.forEach((file: unknown, index) => {
    const at = `files[${index}]`;
    if (typeof file !== 'object' || file === null) {
      problems.push({ field: at, message: 'must be an object with name, type and source' });
      return;
    }
    const { name, type, source } = file as Record<string, unknown>;
    if (typeof name !== 'string' || name === '') {
      problems.push({ field: `${at}.name`, message: 'must be a non-empty string (without extension)' });
    } else {
      const earlier = seen.get(name);
      if (earlier !== undefined) {
        problems.push({ field: `${at}.name`, message: `"${name}" is also the name of files[${earlier}]` });
      } else {
        seen.set(name, index);
      }
    }
    if (typeof type !== 'string' || !FILE_TYPES.has(type)) {
      problems.push({
        field: `${at}.type`,
        message: `must be one of SERVER_JS, HTML, JSON (got ${JSON.stringify(type)})`,
      });
    }
    if (typeof source !== 'string') {
      problems.push({ field: `${at}.source`, message: 'must be a string' });
    }
    if (name === MANIFEST_NAME) {
      manifests++;
      if (type !== 'JSON') {
        problems.push({
          field: `${at}.type`,
          message: `the "${MANIFEST_NAME}" manifest must have type JSON`,
        });
      } else if (typeof source === 'string' && !isJsonObject(source)) {
        problems.push({
          field: `${at}.source`,
          message: `the "${MANIFEST_NAME}" manifest must be a JSON object`,
        });
      }
    } else if (type === 'JSON') {
      problems.push({ field: `${at}.type`, message: `JSON is only for the "${MANIFEST_NAME}" manifest` });
    }
  });
  if (manifests === 0) {
    problems.push({
      field: 'files',
      message: `a manifest named "${MANIFEST_NAME}" of type JSON is required`,
    });
  }
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
