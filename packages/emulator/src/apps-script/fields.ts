// Google's `fields` partial-response selector: `a,b/c,d(e,f/g)`, `*` for everything at a level.

export type FieldMask = Map<string, FieldMask | true>;

export class FieldMaskError extends Error {}

export function parseFieldMask(text: string): FieldMask {
  let pos = 0;
  const fail = (): never => {
    throw new FieldMaskError(`Invalid field selection ${text}`);
  };
  const merge = (mask: FieldMask, name: string, sub: FieldMask | true) => {
    const existing = mask.get(name);
    if (existing === true || sub === true) mask.set(name, true);
    else if (existing === undefined) mask.set(name, sub);
    else for (const [k, v] of sub) merge(existing, k, v);
  };
  const list = (closing: boolean): FieldMask => {
    const mask: FieldMask = new Map();
    for (;;) {
      const path: string[] = [];
      for (;;) {
        const m = /^\s*([A-Za-z_@$][\w@$.-]*|\*)\s*/.exec(text.slice(pos));
        if (m?.[1] === undefined) return fail();
        path.push(m[1]);
        pos += m[0].length;
        if (text[pos] === '/') pos++;
        else break;
      }
      let leaf: FieldMask | true = true;
      if (text[pos] === '(') {
        pos++;
        leaf = list(true);
        if (text[pos] !== ')') fail();
        pos++;
      }
      let node: FieldMask | true = leaf;
      for (let i = path.length - 1; i > 0; i--) node = new Map([[path[i] ?? '', node]]);
      merge(mask, path[0] ?? '', node);
      while (text[pos] === ' ') pos++;
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      if (closing ? text[pos] === ')' : pos === text.length) return mask;
      return fail();
    }
  };
  return list(false);
}

export function applyFieldMask(value: unknown, mask: FieldMask): unknown {
  if (Array.isArray(value)) return value.map((item) => applyFieldMask(item, mask));
  if (value === null || typeof value !== 'object') return value;
  if (mask.get('*') === true) return value;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of mask) {
    const child = (value as Record<string, unknown>)[key];
    if (child === undefined) continue;
    out[key] = sub === true ? child : applyFieldMask(child, sub);
  }
  return out;
}
