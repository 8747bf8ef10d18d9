// PropertiesService on the host: one string map per scope, with Google's quotas (a value of 9 KB,
// 500 KB per store). The guest side is sandbox/guest/stores.ts.
import { isScope, type ProjectRuntime, scoped } from './state.ts';

const VALUE_BYTES = 9 * 1024;
export const STORE_BYTES = 500 * 1024;

const exceeded = 'You have exceeded the property storage quota. Please remove some properties and try again.';

function sizeOf(map: Record<string, string>): number {
  let bytes = 0;
  for (const [key, value] of Object.entries(map)) bytes += Buffer.byteLength(key) + Buffer.byteLength(value);
  return bytes;
}

/** Answers one PropertiesService call; `changed` is told when the store was written. */
export function propertiesCall(
  runtime: ProjectRuntime,
  email: string,
  method: string,
  args: unknown[],
  changed: () => void,
): unknown {
  const [scope, ...rest] = args;
  if (!isScope(scope)) throw new Error(`Invalid argument: scope`);
  runtime.properties ??= {};
  const map = scoped(runtime.properties, scope, email);
  switch (method) {
    case 'get':
      return Object.hasOwn(map, String(rest[0])) ? map[String(rest[0])] : null;
    case 'getAll':
      return { ...map };
    case 'delete':
      delete map[String(rest[0])];
      changed();
      return null;
    case 'set': {
      const values = rest[0] as Record<string, string>;
      for (const value of Object.values(values))
        if (Buffer.byteLength(value) > VALUE_BYTES) throw new Error('Argument too large: value');
      const next = rest[1] === true ? { ...values } : { ...map, ...values };
      if (sizeOf(next) > STORE_BYTES) throw new Error(exceeded);
      for (const key of Object.keys(map)) delete map[key];
      Object.assign(map, next);
      changed();
      return null;
    }
    default:
      throw new Error(`PropertiesService.${method} is not implemented in the emulator.`);
  }
}
