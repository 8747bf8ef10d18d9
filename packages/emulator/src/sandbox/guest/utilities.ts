// biome-ignore-all lint/complexity/noArguments: Google's signature errors print every argument a method got, however many it declares
// Guest code (runs inside QuickJS; see kernel.ts): Utilities and its Blob. What needs Node (digests,
// HMACs, base64 of UTF-8, time zones, UUIDs) is a host call; bytes are Java bytes (-128..127) as Google
// returns them. `sleep` adds to the run's clock instead of waiting. Each piece below is installed by
// its source text, in order (see engine.ts), and shares what it makes in `api`.
import type { GuestValue, Kernel } from './kernel.ts';

type Api = Record<string, GuestValue>;

/** Blob (`Utilities.newBlob`), and the check of a data argument (a string or bytes) it shares. */
export function defineBlob(k: Kernel, api: Api): void {
  const isData = (v: GuestValue) => typeof v === 'string' || Array.isArray(v);
  const bytesOf = (v: GuestValue): number[] =>
    typeof v === 'string' ? k.host('Utilities', 'encode', [v, 'UTF_8']) : v;

  function newBlob(data: GuestValue, contentType?: GuestValue, name?: GuestValue): GuestValue {
    if (!isData(data)) throw k.signature('Utilities.newBlob', arguments);
    let bytes: number[] = bytesOf(data);
    let type: string | null = contentType === undefined || contentType === null ? null : String(contentType);
    let blobName: string | null = name === undefined || name === null ? null : String(name);
    const blob = k.service('Blob', {
      getBytes: () => bytes.slice(),
      setBytes(next: GuestValue) {
        if (!Array.isArray(next)) throw k.signature('Blob.setBytes', arguments);
        bytes = next.slice();
        return blob;
      },
      getDataAsString: (charset?: GuestValue) =>
        k.host('Utilities', 'decode', [bytes, charset === undefined ? 'UTF_8' : String(charset)]),
      setDataFromString(text: GuestValue) {
        bytes = bytesOf(String(text));
        return blob;
      },
      getContentType: () => type,
      setContentType(next: GuestValue) {
        type = next === null ? null : String(next);
        return blob;
      },
      getName: () => blobName,
      setName(next: GuestValue) {
        blobName = next === null ? null : String(next);
        return blob;
      },
      isGoogleType: () => false,
      copyBlob: () => newBlob(bytes, type, blobName),
      getBlob: () => blob,
      toString: () => 'Blob',
    });
    return blob;
  }
  api.isData = isData;
  api.newBlob = newBlob;
}

/** `Utilities.formatString`: Java's Formatter, for the conversions scripts use. */
export function defineFormatString(k: Kernel, api: Api): void {
  function formatString(template: GuestValue, ...args: GuestValue[]): string {
    if (typeof template !== 'string') throw k.signature('Utilities.formatString', arguments);
    let next = 0;
    // Java's Formatter: %[flags][width][.precision]conversion, the conversions scripts use.
    return template.replace(
      /%([-0+ ,]*)(\d+)?(?:\.(\d+))?([sdfeExXob%n])/g,
      (_m, flags, width, precision, conv) => {
        if (conv === '%') return '%';
        if (conv === 'n') return '\n';
        if (next >= args.length) throw k.exception(`Format specifier '%${conv}' has no argument.`);
        const value = args[next++];
        let text: string;
        if (conv === 's')
          text = precision === undefined ? String(value) : String(value).slice(0, Number(precision));
        else if (conv === 'd') text = String(Math.trunc(Number(value)));
        else if (conv === 'f') text = Number(value).toFixed(precision === undefined ? 6 : Number(precision));
        else if (conv === 'e' || conv === 'E') {
          text = Number(value).toExponential(precision === undefined ? 6 : Number(precision));
          text = text.replace(/e([+-])(\d)$/, 'e$10$2');
          if (conv === 'E') text = text.toUpperCase();
        } else if (conv === 'x' || conv === 'X') {
          text = Math.trunc(Number(value)).toString(16);
          if (conv === 'X') text = text.toUpperCase();
        } else if (conv === 'o') text = Math.trunc(Number(value)).toString(8);
        else text = String(Boolean(value));
        if (flags.indexOf(',') >= 0) text = text.replace(/\B(?=(\d{3})+(?!\d))/, ',');
        if (flags.indexOf('+') >= 0 && Number(value) >= 0 && conv !== 's') text = `+${text}`;
        const size = width === undefined ? 0 : Number(width);
        while (text.length < size) {
          if (flags.indexOf('-') >= 0) text += ' ';
          else if (flags.indexOf('0') >= 0 && conv !== 's') text = text.replace(/^([+-]?)/, '$10');
          else text = ` ${text}`;
        }
        return text;
      },
    );
  }
  api.formatString = formatString;
}

/** `Utilities.parseCsv`: quoted fields, doubled quotes, and CRLF or LF line ends. */
export function defineParseCsv(k: Kernel, api: Api): void {
  function parseCsv(csv: GuestValue, delimiter?: GuestValue): string[][] {
    if (typeof csv !== 'string') throw k.signature('Utilities.parseCsv', arguments);
    const sep = delimiter === undefined ? ',' : String(delimiter);
    const rows: string[][] = [];
    let row: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < csv.length; i++) {
      const c = csv[i];
      if (quoted) {
        if (c === '"' && csv[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"' && field === '') quoted = true;
      else if (c === sep) {
        row.push(field);
        field = '';
      } else if (c === '\n' || c === '\r') {
        if (c === '\r' && csv[i + 1] === '\n') i++;
        row.push(field);
        rows.push(row);
        row = [];
        field = '';
      } else field += c;
    }
    if (field !== '' || row.length > 0) {
      row.push(field);
      rows.push(row);
    }
    return rows;
  }
  api.parseCsv = parseCsv;
}

/** The algorithm and charset enums, and the host calls that compute digests and HMAC signatures. */
export function defineDigests(k: Kernel, api: Api): void {
  const enumOf = (names: string[]) => {
    const out: Record<string, string> = {};
    for (const name of names) out[name] = name;
    return Object.freeze(out);
  };
  const DigestAlgorithm = enumOf(['MD2', 'MD5', 'SHA_1', 'SHA_256', 'SHA_384', 'SHA_512']);
  const MacAlgorithm = enumOf(['HMAC_MD5', 'HMAC_SHA_1', 'HMAC_SHA_256', 'HMAC_SHA_384', 'HMAC_SHA_512']);
  const Charset = enumOf(['US_ASCII', 'UTF_8']);
  // Named consts, not arrows assigned to `api`: the names show in the stack of a failed host call.
  const digest = (algorithm: GuestValue, value: GuestValue, charset?: GuestValue) =>
    k.host('Utilities', 'computeDigest', [algorithm, value, charset ?? 'UTF_8']);
  const hmac = (algorithm: string, value: GuestValue, key: GuestValue, charset?: GuestValue) =>
    k.host('Utilities', 'computeHmac', [algorithm, value, key, charset ?? 'UTF_8']);
  api.DigestAlgorithm = DigestAlgorithm;
  api.MacAlgorithm = MacAlgorithm;
  api.Charset = Charset;
  api.digest = digest;
  api.hmac = hmac;
}

/** The Utilities global, put together from the pieces above. */
export function installUtilities(g: GuestValue, k: Kernel, sleep: (ms: number) => void, api: Api): void {
  const { isData, newBlob, formatString, parseCsv, DigestAlgorithm, MacAlgorithm, Charset, digest, hmac } =
    api;
  const data = (method: string, args: ArrayLike<GuestValue>, count: number) => {
    for (let i = 0; i < count; i++) if (!isData(args[i])) throw k.signature(`Utilities.${method}`, args);
  };

  g.Utilities = k.service('Utilities', {
    DigestAlgorithm,
    MacAlgorithm,
    Charset,
    newBlob,
    formatString,
    parseCsv,
    formatDate(date: GuestValue, timeZone: GuestValue, format: GuestValue) {
      if (!(date instanceof Date) || typeof timeZone !== 'string' || typeof format !== 'string')
        throw k.signature('Utilities.formatDate', arguments);
      return k.host('Utilities', 'formatDate', [date.getTime(), timeZone, format]);
    },
    base64Encode(value: GuestValue, charset?: GuestValue) {
      data('base64Encode', arguments, 1);
      return k.host('Utilities', 'base64Encode', [value, charset ?? 'UTF_8', false]);
    },
    base64EncodeWebSafe(value: GuestValue, charset?: GuestValue) {
      data('base64EncodeWebSafe', arguments, 1);
      return k.host('Utilities', 'base64Encode', [value, charset ?? 'UTF_8', true]);
    },
    base64Decode(value: GuestValue, charset?: GuestValue) {
      if (typeof value !== 'string') throw k.signature('Utilities.base64Decode', arguments);
      return k.host('Utilities', 'base64Decode', [value, charset ?? 'UTF_8', false]);
    },
    base64DecodeWebSafe(value: GuestValue, charset?: GuestValue) {
      if (typeof value !== 'string') throw k.signature('Utilities.base64DecodeWebSafe', arguments);
      return k.host('Utilities', 'base64Decode', [value, charset ?? 'UTF_8', true]);
    },
    computeDigest(algorithm: GuestValue, value: GuestValue, charset?: GuestValue) {
      if (DigestAlgorithm[algorithm] === undefined || !isData(value))
        throw k.signature('Utilities.computeDigest', arguments);
      return digest(algorithm, value, charset);
    },
    computeHmacSignature(algorithm: GuestValue, value: GuestValue, key: GuestValue, charset?: GuestValue) {
      if (MacAlgorithm[algorithm] === undefined || !isData(value) || !isData(key))
        throw k.signature('Utilities.computeHmacSignature', arguments);
      return hmac(algorithm, value, key, charset);
    },
    computeHmacSha256Signature(value: GuestValue, key: GuestValue, charset?: GuestValue) {
      data('computeHmacSha256Signature', arguments, 2);
      return hmac('HMAC_SHA_256', value, key, charset);
    },
    getUuid: () => k.host('Utilities', 'getUuid', []),
    sleep(ms: GuestValue) {
      if (typeof ms !== 'number') throw k.signature('Utilities.sleep', arguments);
      // Google allows at most 5 minutes per call.
      if (ms > 300_000) throw k.exception('Invalid argument: milliseconds. The maximum is 300000.');
      sleep(Math.max(0, ms));
    },
  });
}
