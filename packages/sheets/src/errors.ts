import type * as http from '@specbound/http';
import { serviceErrors, type Typed } from '@specbound/http';
import type { GoogleErrorBody } from './types.js';

// The one error hierarchy of @specbound/http, with `body` typed as Google's JSON error body
// (undefined when the answer was not one: a proxy's HTML page, say).
type Body = GoogleErrorBody | undefined;
export const {
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  UnprocessableEntityError,
  RateLimitError,
  InternalServerError,
} = serviceErrors<Body>();
export type ApiError = Typed<http.ApiError, Body>;
export type BadRequestError = Typed<http.BadRequestError, Body>;
export type AuthenticationError = Typed<http.AuthenticationError, Body>;
export type PermissionDeniedError = Typed<http.PermissionDeniedError, Body>;
export type NotFoundError = Typed<http.NotFoundError, Body>;
export type ConflictError = Typed<http.ConflictError, Body>;
export type UnprocessableEntityError = Typed<http.UnprocessableEntityError, Body>;
export type RateLimitError = Typed<http.RateLimitError, Body>;
export type InternalServerError = Typed<http.InternalServerError, Body>;
