import type { PactV4 } from '@pact-foundation/pact';
import { regex } from './matchers.ts';

// A 1×1 transparent PNG: real image bytes, so Pact's `contentType` matcher (which sniffs the
// content) can check that the uploaded part is a PNG.
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

// pact-js does not export its V4 request builder type; this is the parameter `withRequest` hands over.
type WithRequest = ReturnType<ReturnType<PactV4['addInteraction']>['uponReceiving']>['withRequest'];
type V4RequestBuilder = Parameters<NonNullable<Parameters<WithRequest>[2]>>[0];

const BOUNDARY = 'specbound-contract-boundary';

export interface TextPart {
  name: string;
  value: string;
  /** The regex the provider's copy of the value must match (the value itself is the example). */
  pattern: string;
}

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * Describes a `multipart/form-data` request body: text fields matched by pattern and file parts
 * matched by content type (sniffed), so the boundary the client picks and the exact bytes do not
 * matter. Pact's `multipartBody` takes a single file part only, hence this builder.
 */
export function multipartBody(
  builder: V4RequestBuilder,
  fields: TextPart[],
  files: FilePart[],
): V4RequestBuilder {
  const chunks: Buffer[] = [];
  for (const field of fields) {
    chunks.push(
      text(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field.name}"\r\n\r\n${field.value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      text(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      text('\r\n'),
    );
  }
  chunks.push(text(`--${BOUNDARY}--\r\n`));
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  return builder
    .headers({ 'Content-Type': regex('^multipart/form-data;\\s*boundary=.+$', contentType) })
    .body(contentType, Buffer.concat(chunks))
    .matchingRules({
      body: [
        ...fields.map((field) => ({ path: `$.${field.name}`, rules: [regex(field.pattern, field.value)] })),
        ...files.map((file) => ({
          path: `$.${file.name}`,
          // Pact's content-type matcher; pact-js has no helper for it.
          rules: [
            { 'pact:matcher:type': 'contentType', value: file.contentType } as unknown as ReturnType<
              typeof regex
            >,
          ],
        })),
      ],
    });
}

function text(value: string): Buffer {
  return Buffer.from(value, 'utf8');
}
