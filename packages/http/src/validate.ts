import { nameErrorClass, SpecboundError } from './errors.js';

/** Bad input found before anything was sent. `field` names the parameter. */
export class ValidationError extends SpecboundError {
  static {
    nameErrorClass(ValidationError, 'ValidationError');
  }
  declare readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

/**
 * Refuses path parameter values that would change which resource a URL names: an empty string
 * (`/v1/projects//versions`), `.` or `..` (normalised away by URL parsers), and non-finite numbers.
 * Encoding is not done here: openapi-fetch percent-encodes path parameters itself.
 */
export function assertPathParam(name: string, value: string | number): void {
  const ok =
    typeof value === 'number'
      ? Number.isFinite(value)
      : typeof value === 'string' && value !== '' && value !== '.' && value !== '..';
  if (!ok) {
    const got =
      value === ''
        ? 'empty'
        : typeof value === 'string'
          ? JSON.stringify(value)
          : typeof value === 'number'
            ? String(value)
            : typeof value;
    throw new ValidationError(
      name,
      `Path parameter "${name}" must not be ${got}: pass the ID of the resource ("", "." and ".." would address another one).`,
    );
  }
}

/**
 * Refuses anything but an object with known keys (a misspelled `{ timeOut }` or `{ baseURL }`
 * would otherwise be ignored silently), with a `ValidationError` naming the key at fault. `where`
 * starts the message (the factory); `prefix` is the path of a nested object (`retry.`).
 */
export function checkKeys(
  value: unknown,
  known: readonly string[],
  kind: string,
  name: string,
  where = '',
  prefix = '',
): asserts value is object {
  const start = where === '' ? '' : `${where}: `;
  if (typeof value !== 'object' || value === null) {
    throw new ValidationError(
      name,
      `${start}"${name}" must be an object (got ${value === null ? 'null' : typeof value}).`,
    );
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new ValidationError(
        `${prefix}${key}`,
        `${start}unknown ${kind} "${prefix}${key}"; expected one of ${known.map((k) => `"${prefix}${k}"`).join(', ')}.`,
      );
    }
  }
}
