// Guest code: these functions run INSIDE QuickJS, not in Node. The engine installs them by their
// source text (`fn.toString()`), so each must be self-contained: no imports, no module-level values,
// only its parameters and the guest's own built-ins. Types are for the editor; they are erased.
//
// The kernel is what every guest service builds on: calling the host, Google's exceptions and its
// argument checks, and the list of services the emulator does not implement.

/** A guest value whose shape the service code checks at run time. */
// biome-ignore lint/suspicious/noExplicitAny: guest values are whatever a script passes
export type GuestValue = any;

/** The host call the engine gives the guest: JSON in, `{"v": value}` or `{"e": message}` out. */
export type RawHostCall = (service: string, method: string, argsJson: string) => string;

export interface Kernel {
  /** Calls a host service; its failure is thrown as Google's exception. */
  host(service: string, method: string, args: GuestValue[]): GuestValue;
  /** Google's `Exception: …`: an Error named Exception. */
  exception(message: string): Error;
  /** Google's message for arguments that match no form of a method. */
  signature(method: string, args: ArrayLike<GuestValue>): Error;
  /** A service object whose unknown members throw "not implemented in the emulator", never undefined. */
  service<T extends object>(name: string, members: T): T;
  /** Java-style type name of a value, as Google's messages print it. */
  typeName(value: GuestValue): string;
}

export function installKernel(g: GuestValue, call: RawHostCall): Kernel {
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  function exception(message: string): Error {
    const error = new Error(message);
    error.name = 'Exception';
    return error;
  }
  function typeName(value: GuestValue): string {
    if (value === null) return 'null';
    if (value === undefined) return 'undefined';
    if (typeof value === 'string') return 'String';
    if (typeof value === 'number') return 'number';
    if (typeof value === 'boolean') return 'Boolean';
    if (value instanceof Date) return 'Date';
    if (Array.isArray(value))
      return value.length > 0 && typeof value[0] === 'number' ? 'number[]' : 'Object[]';
    if (typeof value === 'function') return 'Function';
    return typeof value.toString === 'function' && value.toString !== Object.prototype.toString
      ? String(value.toString())
      : 'Object';
  }
  function signature(method: string, args: ArrayLike<GuestValue>): Error {
    const types: string[] = [];
    for (let i = 0; i < args.length; i++) types.push(typeName(args[i]));
    return exception(`The parameters (${types.join(',')}) don't match the method signature for ${method}.`);
  }
  function host(service: string, method: string, args: GuestValue[]): GuestValue {
    const reply = parse(call(service, method, stringify(args)));
    if ('e' in reply) throw exception(reply.e);
    return reply.v;
  }
  // Members a caller may probe without meaning a Google method (promises, JSON, printing).
  const probes = ['then', 'toJSON', 'toString', 'valueOf', 'constructor'];
  function service<T extends object>(name: string, members: T): T {
    return new Proxy(members, {
      get(target, prop, receiver) {
        if (typeof prop === 'symbol' || prop in target || probes.indexOf(prop) >= 0)
          return Reflect.get(target, prop, receiver);
        throw exception(`${name}.${prop} is not implemented in the emulator.`);
      },
    });
  }
  const missing = [
    'DocumentApp',
    'SlidesApp',
    'FormApp',
    'DriveApp',
    'CalendarApp',
    'ContactsApp',
    'CardService',
    'Charts',
    'GroupsApp',
    'LanguageApp',
    'Maps',
    'XmlService',
    'Jdbc',
    'SitesApp',
    'Browser',
    'UI',
  ];
  for (const name of missing) {
    const stub = new Proxy(
      {},
      {
        get(_target, prop) {
          throw exception(`${name}.${String(prop)} is not implemented in the emulator.`);
        },
      },
    );
    Object.defineProperty(g, name, { value: stub, writable: true, configurable: true });
  }
  return { host, exception, signature, service, typeName };
}
