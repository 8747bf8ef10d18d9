// Guest code (runs inside QuickJS; see kernel.ts): Logger and console, with the `%s %d %i %f %o %O %j`
// substitutions of the console API and `console.time`/`timeEnd`. `emit` is the harness's bounded output.
import type { GuestValue } from './kernel.ts';

export function installLogging(
  g: GuestValue,
  emit: (line: string) => void,
  show: (v: GuestValue) => string,
): void {
  function substitute(args: ArrayLike<GuestValue>): string {
    if (args.length === 0) return '';
    const first = args[0];
    let next = 1;
    let text: string;
    if (typeof first === 'string' && args.length > 1) {
      text = first.replace(/%[sdifoOj%]/g, (token: string) => {
        if (token === '%%') return '%';
        if (next >= args.length) return token;
        const value = args[next++];
        if (token === '%s') return typeof value === 'string' ? value : show(value);
        if (token === '%d') return typeof value === 'object' ? 'NaN' : String(Number(value));
        if (token === '%i') return String(Number.parseInt(String(value), 10));
        if (token === '%f') return String(Number.parseFloat(String(value)));
        try {
          const json = JSON.stringify(value);
          return json === undefined ? String(value) : json;
        } catch (_e) {
          return String(value);
        }
      });
    } else {
      text = show(first);
    }
    for (; next < args.length; next++) text += ` ${show(args[next])}`;
    return text;
  }
  function level(name: string) {
    return (...args: GuestValue[]) => {
      emit(`${name} ${substitute(args)}`);
    };
  }
  const timers: Record<string, number> = {};
  const counts: Record<string, number> = {};
  g.console = {
    log: level('INFO'),
    info: level('INFO'),
    warn: level('WARNING'),
    error: level('ERROR'),
    debug: level('DEBUG'),
    time(label?: GuestValue) {
      timers[label === undefined ? 'default' : String(label)] = Date.now();
    },
    timeEnd(label?: GuestValue) {
      const name = label === undefined ? 'default' : String(label);
      const started = timers[name];
      if (started === undefined) return emit(`WARNING Timer '${name}' does not exist`);
      delete timers[name];
      emit(`INFO ${name}: ${Date.now() - started}ms`);
    },
    count(label?: GuestValue) {
      const name = label === undefined ? 'default' : String(label);
      counts[name] = (counts[name] ?? 0) + 1;
      emit(`INFO ${name}: ${counts[name]}`);
    },
  };
  const buffer: string[] = [];
  const logger = {
    log(...args: GuestValue[]) {
      const text = substitute(args);
      if (buffer.length < 1000) buffer.push(text.slice(0, 8192));
      emit(`INFO ${text}`);
      return logger;
    },
    getLog() {
      return buffer.join('\n');
    },
    clear() {
      buffer.length = 0;
    },
  };
  g.Logger = logger;
}
