// biome-ignore-all lint/complexity/noArguments: Google's signature errors print every argument a method got, however many it declares
// Guest code (runs inside QuickJS; see kernel.ts): HtmlService (outputs and templates with `<? ?>`,
// `<?= ?>` and `<?!= ?>` scriptlets) and ContentService. An output a web app's doGet/doPost returns
// crosses to the host as JSON (`toJSON`), and the emulator serves it. Each piece below is installed by
// its source text, in order (see engine.ts); the HtmlService pieces share their constructors in `api`.
import type { GuestValue, Kernel } from './kernel.ts';

type Api = Record<string, GuestValue>;

/** HtmlOutput, and the HTML escaping it shares with templates (`appendUntrusted`, `<?= ?>`). */
export function defineHtmlOutput(k: Kernel, api: Api): void {
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function htmlOutput(initial: string) {
    let content = initial;
    let title = '';
    let width = 600;
    let height = 400;
    const output = k.service('HtmlOutput', {
      getContent: () => content,
      setContent(next: GuestValue) {
        content = String(next);
        return output;
      },
      append(more: GuestValue) {
        content += String(more);
        return output;
      },
      appendUntrusted(more: GuestValue) {
        content += escapeHtml(String(more));
        return output;
      },
      getTitle: () => title,
      setTitle(next: GuestValue) {
        title = String(next);
        return output;
      },
      getWidth: () => width,
      setWidth(next: GuestValue) {
        width = Number(next);
        return output;
      },
      getHeight: () => height,
      setHeight(next: GuestValue) {
        height = Number(next);
        return output;
      },
      setSandboxMode: () => output,
      setXFrameOptionsMode: () => output,
      setFaviconUrl: () => output,
      addMetaTag: () => output,
      toJSON: () => ({ __webOutput: { kind: 'html', content, title } }),
      toString: () => 'HtmlOutput',
    });
    return output;
  }
  api.escapeHtml = escapeHtml;
  api.htmlOutput = htmlOutput;
}

/** HtmlTemplate: compiling its scriptlets to code and evaluating that code to an HtmlOutput. */
export function defineHtmlTemplate(api: Api): void {
  const escapeHtml: (text: string) => string = api.escapeHtml;
  const htmlOutput: (initial: string) => GuestValue = api.htmlOutput;

  /** Compiles a template: text is printed, `<? ?>` runs, `<?= ?>` prints escaped by context, `<?!= ?>` raw. */
  function compile(source: string): string {
    let code = '';
    let inScript = false;
    let at = 0;
    const scriptlet = /<\?(!=|=)?([\s\S]*?)\?>/g;
    for (let m = scriptlet.exec(source); m !== null; m = scriptlet.exec(source)) {
      const text = source.slice(at, m.index);
      // Inside <script>, a printed value is a JavaScript literal; elsewhere, HTML-escaped text.
      const opens = text.toLowerCase().lastIndexOf('<script');
      const closes = text.toLowerCase().lastIndexOf('</script');
      if (opens > closes) inScript = true;
      else if (closes > opens) inScript = false;
      code += `__out.push(${JSON.stringify(text)});\n`;
      const body = m[2] ?? '';
      if (m[1] === '!=') code += `__out.push(__raw(${body}));\n`;
      else if (m[1] === '=') code += `__out.push(${inScript ? '__js' : '__esc'}(${body}));\n`;
      else code += `${body}\n`;
      at = m.index + m[0].length;
    }
    return `${code}__out.push(${JSON.stringify(source.slice(at))});`;
  }

  function template(source: string) {
    const data: Record<string, GuestValue> = {};
    const members = {
      getCode: () => compile(source),
      getRawContent: () => source,
      evaluate() {
        const out: string[] = [];
        const raw = (v: GuestValue) => (v === undefined || v === null ? '' : String(v));
        const run = new Function(
          '__data',
          '__out',
          '__esc',
          '__js',
          '__raw',
          `with (__data) {\n${compile(source)}\n}`,
        );
        run(
          data,
          out,
          (v: GuestValue) => escapeHtml(raw(v)),
          (v: GuestValue) => (v === undefined ? 'undefined' : JSON.stringify(v).replace(/</g, '\\u003c')),
          raw,
        );
        return htmlOutput(out.join(''));
      },
      toString: () => 'HtmlTemplate',
    };
    // Properties a script sets on the template are the scriptlets' variables.
    return new Proxy(members, {
      get: (target, prop) =>
        typeof prop === 'string' && prop in target ? (target as GuestValue)[prop] : data[prop as string],
      set: (_target, prop, value) => {
        data[prop as string] = value;
        return true;
      },
    });
  }
  api.template = template;
}

/** The HtmlService global; `files` are the project's HTML files by name, without `.html`. */
export function installHtmlService(g: GuestValue, k: Kernel, files: Record<string, string>, api: Api): void {
  const htmlOutput: (initial: string) => GuestValue = api.htmlOutput;
  const template: (source: string) => GuestValue = api.template;
  const fileSource = (method: string, args: ArrayLike<GuestValue>) => {
    const name = args[0];
    if (typeof name !== 'string') throw k.signature(method, args);
    const source = files[name.replace(/\.html$/, '')];
    if (source === undefined) throw k.exception(`No HTML file named ${name} was found.`);
    return source;
  };

  g.HtmlService = k.service('HtmlService', {
    SandboxMode: Object.freeze({ EMULATED: 'EMULATED', IFRAME: 'IFRAME', NATIVE: 'NATIVE' }),
    XFrameOptionsMode: Object.freeze({ ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' }),
    createHtmlOutput(html?: GuestValue) {
      if (html !== undefined && typeof html !== 'string')
        throw k.signature('HtmlService.createHtmlOutput', arguments);
      return htmlOutput(html ?? '');
    },
    createHtmlOutputFromFile(_name: GuestValue) {
      return htmlOutput(fileSource('HtmlService.createHtmlOutputFromFile', arguments));
    },
    createTemplate(html: GuestValue) {
      if (typeof html !== 'string') throw k.signature('HtmlService.createTemplate', arguments);
      return template(html);
    },
    createTemplateFromFile(_name: GuestValue) {
      return template(fileSource('HtmlService.createTemplateFromFile', arguments));
    },
  });
}

/** The ContentService global: text outputs (TextOutput) with a MIME type and an optional file name. */
export function installContentService(g: GuestValue, k: Kernel): void {
  const MimeType: Record<string, string> = {
    ATOM: 'application/atom+xml',
    CSV: 'text/csv',
    ICAL: 'text/calendar',
    JAVASCRIPT: 'application/javascript',
    JSON: 'application/json',
    RSS: 'application/rss+xml',
    TEXT: 'text/plain',
    VCARD: 'text/vcard',
    XML: 'application/xml',
  };
  const mimeNames: Record<string, string> = {};
  for (const key of Object.keys(MimeType)) mimeNames[key] = key;
  g.ContentService = k.service('ContentService', {
    MimeType: Object.freeze(mimeNames),
    createTextOutput(content?: GuestValue) {
      let text = content === undefined ? '' : String(content);
      let mime = 'TEXT';
      let fileName: string | null = null;
      const output = k.service('TextOutput', {
        getContent: () => text,
        setContent(next: GuestValue) {
          text = String(next);
          return output;
        },
        append(more: GuestValue) {
          text += String(more);
          return output;
        },
        getMimeType: () => mime,
        setMimeType(next: GuestValue) {
          if (MimeType[next] === undefined) throw k.signature('TextOutput.setMimeType', arguments);
          mime = next;
          return output;
        },
        downloadAsFile(name: GuestValue) {
          fileName = String(name);
          return output;
        },
        getFileName: () => fileName,
        toJSON: () => ({ __webOutput: { kind: 'text', content: text, mimeType: MimeType[mime], fileName } }),
        toString: () => 'TextOutput',
      });
      return output;
    },
  });
}
