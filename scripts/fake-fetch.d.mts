/** One request the fake fetch received. */
export interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
  /** The parsed JSON body, or undefined when there is none. */
  body: unknown;
}

export type Responder = (request: Request, call: number) => Response | Promise<Response>;

export declare function fakeFetch(respond: Responder): {
  fetch: (request: Request) => Promise<Response>;
  calls: Recorded[];
};
export declare function json(status: number, body: unknown, headers?: Record<string, string>): Response;
export declare function googleError(
  code: number,
  status: string,
  message: string,
  details?: unknown[],
): Response;
export declare function only(calls: readonly Recorded[]): Recorded;
export declare function queryPairs(url: URL): [string, string][];
