/** Where the source lives; package READMEs are linked there (they are not part of this site). */
export const REPOSITORY_URL = 'https://github.com/specbound/specbound';

/** A package's README on the repository's main branch. */
export const readmeUrl = (directory: string): string => `${REPOSITORY_URL}/tree/main/${directory}#readme`;
