import { SpecboundError } from './errors.js';

/** Bad input found before anything was sent. `field` names the parameter. */
export class ValidationError extends SpecboundError {
  static {
    Object.defineProperty(ValidationError.prototype, 'name', {
      value: 'ValidationError',
      configurable: true,
      writable: true,
    });
  }
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), field: this.field };
  }
}

/**
 * Refuses path parameter values that would change which resource a URL names: an empty string
 * (`/v1/projects//versions`), `.` or `..` (normalised away by URL parsers), and non-finite numbers.
 * Encoding is not done here: openapi-fetch percent-encodes path parameters itself.
 */
export function assertPathParam(name: string, value: string | number): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      throw new ValidationError(name, `Path parameter "${name}" must be a finite number, got ${value}.`);
    }
    return;
  }
  if (typeof value !== 'string') {
    throw new ValidationError(
      name,
      `Path parameter "${name}" must be a string or a number, got ${typeof value}.`,
    );
  }
  if (value === '') {
    throw new ValidationError(
      name,
      `Path parameter "${name}" must not be empty: pass the ID of the resource.`,
    );
  }
  if (value === '.' || value === '..') {
    throw new ValidationError(
      name,
      `Path parameter "${name}" must not be "${value}" (it would address another resource): pass the ID of the resource.`,
    );
  }
}
