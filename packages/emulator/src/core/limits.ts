// Limits shared by request parsing and the state document. No Node types here: this module is
// reachable from the package's public declarations.

/** Deepest JSON nesting any body may have: far more than any real request needs. */
export const MAX_JSON_DEPTH = 64;

export interface MultipartLimits {
  /** Largest file part, in bytes: checked as the bytes arrive. */
  fileBytes: number;
  /** Most file parts in one request. */
  files: number;
  /** Largest non-file field value, in bytes. */
  fieldBytes: number;
  /**
   * Largest whole request body, in bytes: checked against `Content-Length` before anything is read
   * and again as the bytes arrive, so many files under `fileBytes` cannot add up to more in memory.
   */
  totalBytes: number;
}
