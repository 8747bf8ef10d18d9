import { describe, expect, it } from 'vitest';
import { SpecboundError } from '../src/errors.js';
import { assertPathParam, ValidationError } from '../src/validate.js';

describe('assertPathParam', () => {
  it('accepts ordinary IDs and finite numbers', () => {
    expect(() => assertPathParam('scriptId', '1AbC-xyz_09')).not.toThrow();
    expect(() => assertPathParam('scriptId', 'a/b?c')).not.toThrow();
    expect(() => assertPathParam('versionNumber', 3)).not.toThrow();
    expect(() => assertPathParam('page', 0)).not.toThrow();
  });

  it.each([
    ['', 'must not be empty'],
    ['.', 'must not be "."'],
    ['..', 'must not be ".."'],
  ])('refuses %j naming the parameter', (value, text) => {
    const error = captured(() => assertPathParam('projectId', value));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toBeInstanceOf(SpecboundError);
    expect(error.field).toBe('projectId');
    expect(error.name).toBe('ValidationError');
    expect(error.message).toContain('"projectId"');
    expect(error.message).toContain(text);
    expect(error.message).toContain('pass the ID');
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'refuses the number %d',
    (value) => {
      const error = captured(() => assertPathParam('versionNumber', value));
      expect(error.field).toBe('versionNumber');
      expect(error.message).toContain(`must not be ${value}: pass the ID`);
    },
  );

  it('refuses values of other types passed from JavaScript', () => {
    const error = captured(() => assertPathParam('id', undefined as unknown as string));
    expect(error.message).toContain('"id"');
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ name: 'ValidationError', field: 'id' });
  });
});

function captured(run: () => void): ValidationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}
