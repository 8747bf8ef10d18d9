import {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './errors.js';

/** An `ApiError` (or subclass) whose `body` is the service's parsed error body. */
export type Typed<E extends ApiError, B> = E & { readonly body: B };

/** The class `E` seen with a typed body: `instanceof` narrows to `Typed<E, B>`. */
export interface TypedErrorClass<E extends ApiError, B> {
  new (init: ApiErrorInit): Typed<E, B>;
  readonly prototype: Typed<E, B>;
}

/**
 * The one `ApiError` hierarchy, typed for one service's error body. The classes are the very
 * same (an `instanceof` check against either client's export, or `@specbound/http`'s, agrees).
 */
export interface ServiceErrors<B> {
  ApiError: TypedErrorClass<ApiError, B>;
  BadRequestError: TypedErrorClass<BadRequestError, B>;
  AuthenticationError: TypedErrorClass<AuthenticationError, B>;
  PermissionDeniedError: TypedErrorClass<PermissionDeniedError, B>;
  NotFoundError: TypedErrorClass<NotFoundError, B>;
  ConflictError: TypedErrorClass<ConflictError, B>;
  UnprocessableEntityError: TypedErrorClass<UnprocessableEntityError, B>;
  RateLimitError: TypedErrorClass<RateLimitError, B>;
  InternalServerError: TypedErrorClass<InternalServerError, B>;
}

const ERRORS = {
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
};

/** The error classes typed for a service whose error body is `B`. */
export function serviceErrors<B>(): ServiceErrors<B> {
  return ERRORS as ServiceErrors<B>;
}
