// clasp's `create --type` kinds, apart from the code that creates them (so the CLI's flag parser loads
// no client).
import { UsageError } from '../errors.js';

const SCRIPT_TYPES = ['standalone', 'webapp', 'api', 'sheets', 'docs', 'forms', 'slides'] as const;
export type ScriptType = (typeof SCRIPT_TYPES)[number];

/** clasp's --type value, case-insensitive as clasp reads it; anything else is a usage error naming the kinds. */
export function parseScriptType(value: string): ScriptType {
  const type = value.toLowerCase();
  if ((SCRIPT_TYPES as readonly string[]).includes(type)) return type as ScriptType;
  throw new UsageError(`"${value}" is not a script type.`, {
    code: 'script-type-invalid',
    details: { value, types: SCRIPT_TYPES.join(', ') },
  });
}
