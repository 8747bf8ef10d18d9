import { describe, expect, it } from 'vitest';
import { bind, clientOf, contextOf, define, withContext } from '../src/define.js';
import { ValidationError } from '../src/validate.js';

interface Ctx {
  name: string;
}

// A method as the clients' tables make them: a function with `.withResponse`.
const makes: string[] = [];
const greet = define((ctx: Ctx) => {
  makes.push(ctx.name);
  return Object.assign(async (params: { who: string }) => `${ctx.name} greets ${params.who}`, {
    withResponse: async (params: { who: string }) => ({ data: `${ctx.name}: ${params.who}`, response: 'r' }),
  });
});
const count = define((ctx: Ctx) => (n: number) => `${ctx.name} counts ${n}`);

describe('operation functions', () => {
  it('call the method of the core they are given, built once per core', async () => {
    makes.length = 0;
    const a = withContext({ name: 'a' }, { raw: 'A' });
    const b = withContext({ name: 'b' }, { raw: 'B' });
    expect(await greet(a, { who: 'x' })).toBe('a greets x');
    expect(await greet(b, { who: 'y' })).toBe('b greets y');
    expect(await greet.withResponse(a, { who: 'z' })).toEqual({ data: 'a: z', response: 'r' });
    expect(count(b, 3)).toBe('b counts 3');
    expect(makes).toEqual(['a', 'b']);
  });

  it('bind a nested table to one context, sharing the methods the functions use', async () => {
    makes.length = 0;
    const ctx = { name: 'c' };
    const methods = bind(ctx, { greet, nested: { count } });
    expect(await methods.greet({ who: 'x' })).toBe('c greets x');
    expect(methods.nested.count(2)).toBe('c counts 2');
    expect(await greet(withContext(ctx, {}), { who: 'y' })).toBe('c greets y');
    expect(makes).toEqual(['c']);
  });

  it('make a client of a core: raw, the bound groups, and the same context', async () => {
    const core = withContext({ name: 'd' }, { raw: 'D' });
    const client = clientOf(core, { people: { greet } });
    expect(Object.keys(client)).toEqual(['raw', 'people']);
    expect(client.raw).toBe('D');
    expect(await client.people.greet({ who: 'x' })).toBe('d greets x');
    expect(await greet(client, { who: 'y' })).toBe('d greets y');
    expect(contextOf(client)).toBe(contextOf(core));
  });

  it('keep the context out of keys, spreads and JSON', () => {
    const core = withContext({ name: 'secret-holder' }, { raw: 'E' });
    expect(Object.keys(core)).toEqual(['raw']);
    expect(JSON.stringify(core)).toBe('{"raw":"E"}');
    expect({ ...core }).toEqual({ raw: 'E' });
  });

  it('refuse anything but a client or a core with a ValidationError naming "core"', () => {
    for (const wrong of [undefined, null, 'token', 42, {}, { raw: 'x' }]) {
      expect(() => count(wrong as never, 1)).toThrow(ValidationError);
      try {
        count(wrong as never, 1);
      } catch (error) {
        expect((error as ValidationError).field).toBe('core');
      }
    }
  });
});
