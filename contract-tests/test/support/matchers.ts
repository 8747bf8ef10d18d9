import { MatchersV3 } from '@pact-foundation/pact';

export const { boolean, eachLike, integer, like, regex } = MatchersV3;

/** A value the provider state supplies (`${name}`), with the example the consumer test uses. */
export function fromState(name: string, example: string) {
  return MatchersV3.fromProviderState(`\${${name}}`, example);
}

/**
 * One of a spec enum's values (its generated value list, less any `*_UNSPECIFIED` placeholder the
 * service never answers with), with the example the consumer test uses.
 */
export function oneOf<T extends string>(values: readonly T[], example: NoInfer<T>) {
  const answered = values.filter((value) => !value.endsWith('_UNSPECIFIED'));
  return regex(`^(${answered.join('|')})$`, example);
}

/** Google's RFC 3339 timestamps: UTC with milliseconds, e.g. 2026-06-01T16:40:00.118Z. */
export function googleTime(example: string) {
  return MatchersV3.datetime("yyyy-MM-dd'T'HH:mm:ss.SSSX", example);
}

/** BugSmash's Laravel timestamps: UTC with microseconds, e.g. 2026-01-31T07:58:30.000000Z. */
export function laravelTime(example: string) {
  return MatchersV3.datetime("yyyy-MM-dd'T'HH:mm:ss.SSSSSSX", example);
}

/** A UUID, the shape of every BugSmash id. */
export function uuid(example: string) {
  return MatchersV3.uuid(example);
}
