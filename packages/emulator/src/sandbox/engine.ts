// Runs Apps Script server code inside QuickJS (WebAssembly): the guest has no access to the host's
// globals, file system or network, its heap is capped and an interrupt handler enforces the time limit.
// This module is loaded inside a worker thread (see pool.ts), so a long run never blocks the server.
import { getHeapStatistics } from 'node:v8';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { type CallHost, type ChannelEnds, HostCallStopped, hostCaller } from './channel.ts';
import {
  defineHtmlOutput,
  defineHtmlTemplate,
  installContentService,
  installHtmlService,
} from './guest/html.ts';
import { installKernel } from './guest/kernel.ts';
import { installLogging } from './guest/logging.ts';
import { installMail } from './guest/mail.ts';
import {
  defineClockCheck,
  defineClockTriggerBuilder,
  defineSpreadsheetTriggerBuilder,
  defineTrigger,
  installScriptApp,
} from './guest/scriptapp.ts';
import {
  defineRange,
  defineRangeValues,
  defineSheet,
  defineSheetRanges,
  defineSpreadsheet,
  installSpreadsheetApp,
} from './guest/spreadsheetapp.ts';
import {
  defineStoreChecks,
  installCacheService,
  installLockService,
  installPropertiesService,
  installSession,
} from './guest/stores.ts';
import { installUrlFetch } from './guest/urlfetch.ts';
import {
  defineBlob,
  defineDigests,
  defineFormatString,
  defineParseCsv,
  installUtilities,
} from './guest/utilities.ts';
import type {
  CheckJob,
  CheckOutcome,
  RunJob,
  RunOutcome,
  RunResult,
  ScriptThrew,
  StackElement,
} from './types.ts';

// The variant package's types describe its CommonJS build; under ESM its default export is the variant.
const variant = ((releaseSync as unknown as { default?: QuickJSSyncVariant }).default ??
  releaseSync) as QuickJSSyncVariant;

/** File name of the harness code; its frames are removed from script stack traces. */
const HARNESS = '<emulator>';

// Script output is bounded inside the guest, before a string ever crosses into the host: a line past
// LINE_CHARS is cut, and once a run has logged LOG_CHARS in total the rest is dropped (one marker line
// says so). A result past OUTPUT_CHARS is refused rather than copied out.
const LINE_CHARS = 8 * 1024;
const LOG_CHARS = 256 * 1024;
const OUTPUT_CHARS = 8 * 1024 * 1024;
/**
 * The host's own bounds on what it copies out of a run, whatever the guest did to its harness: the
 * result's JSON in UTF-8 bytes (Google's 8 MB), and the type and message of an error in characters.
 */
export const OUTPUT_BYTES = 8 * 1024 * 1024;
export const ERROR_CHARS = 16 * 1024;
const STACK_FRAMES = 100;

/** Google's message for a run that needed more memory than it may have. */
export const MEMORY_EXCEEDED = 'Exceeded memory limit.';

/**
 * The guest services, installed by their source text (see guest/kernel.ts). The kernel and logging
 * are compiled with the harness; the others only when a script first touches one of their globals, so
 * a run that uses none pays nothing to parse them.
 */
const EAGER_SOURCE = [installKernel, installLogging].map((install) => install.toString()).join('\n');
const LAZY_SOURCES: Record<string, string> = {
  // Utilities' pieces share Blob, formatString, parseCsv and the digests through `api`.
  utilities: `function (g, k, sleep) {
    var api = {};
    ${[defineBlob, defineFormatString, defineParseCsv, defineDigests]
      .map((define) => `(${define.toString()})(k, api);`)
      .join('\n')}
    (${installUtilities.toString()})(g, k, sleep, api);
  }`,
  // The stores share their checks through `api`; Session stands alone.
  stores: `function (g, k, context) {
    var api = {};
    (${defineStoreChecks.toString()})(k, context, api);
    (${installPropertiesService.toString()})(g, k, api);
    (${installCacheService.toString()})(g, k, api);
    (${installLockService.toString()})(g, k, api);
    (${installSession.toString()})(g, k, context);
  }`,
  // ScriptApp's pieces share its triggers and their builders through `api`.
  scriptapp: `function (g, k, context) {
    var api = {};
    (${defineTrigger.toString()})(k, api);
    (${defineClockCheck.toString()})(k, api);
    (${defineClockTriggerBuilder.toString()})(k, context, api);
    (${defineSpreadsheetTriggerBuilder.toString()})(k, api);
    (${installScriptApp.toString()})(g, k, context, api);
  }`,
  // HtmlService's pieces share its outputs and templates through `api`; ContentService stands alone.
  html: `function (g, k, files) {
    var api = {};
    (${defineHtmlOutput.toString()})(k, api);
    (${defineHtmlTemplate.toString()})(api);
    (${installHtmlService.toString()})(g, k, files, api);
    (${installContentService.toString()})(g, k);
  }`,
  mail: installMail.toString(),
  urlfetch: installUrlFetch.toString(),
  // SpreadsheetApp comes in pieces (each a function of its own), put together around one `api` object.
  spreadsheetapp: `function (g, k, context) {
    var api = {};
    ${[defineRangeValues, defineRange, defineSheetRanges, defineSheet, defineSpreadsheet]
      .map((define) => `(${define.toString()})(k, api);`)
      .join('\n')}
    (${installSpreadsheetApp.toString()})(g, k, context, api);
  }`,
};

const HARNESS_SOURCE = `(function (g, record, call, sleep, contextJson, load) {
  var stringify = JSON.stringify, parse = JSON.parse, isPromise = function (v) { return v instanceof Promise; };
  var logged = 0, dropped = false;
  function emit(text) {
    if (dropped) return;
    if (text.length > ${LINE_CHARS}) text = text.slice(0, ${LINE_CHARS}) + ' ... [line cut at ${LINE_CHARS} characters]';
    logged += text.length;
    if (logged > ${LOG_CHARS}) { dropped = true; record('WARNING log output of this run cut at ${LOG_CHARS} characters'); return; }
    record(text);
  }
  function out(value) {
    var s = stringify(value);
    return s !== undefined && s.length > ${OUTPUT_CHARS} ? '{"tooLarge":true}' : s;
  }
  function show(v) {
    if (typeof v === 'string') return v.length > ${LINE_CHARS} ? v.slice(0, ${LINE_CHARS + 1}) : v;
    try { var s = stringify(v); s = s === undefined ? String(v) : s; return s.length > ${LINE_CHARS} ? s.slice(0, ${LINE_CHARS + 1}) : s; } catch (e) { return String(v).slice(0, ${LINE_CHARS + 1}); }
  }
  ${EAGER_SOURCE}
  var kernel = installKernel(g, call);
  installLogging(g, emit, show);
  function later(names, key, install) {
    // Installs into a scratch object, then defines the globals of the group still waiting: one a
    // script has replaced meanwhile keeps the script's value.
    function settle() {
      var made = {};
      install(geval('(' + load(key) + ')'), made);
      names.forEach(function (n) {
        var d = Object.getOwnPropertyDescriptor(g, n);
        if (d && d.get) Object.defineProperty(g, n, { value: made[n], writable: true, configurable: true });
      });
    }
    names.forEach(function (name) {
      Object.defineProperty(g, name, {
        configurable: true,
        get: function () { settle(); return g[name]; },
        set: function (value) { Object.defineProperty(g, name, { value: value, writable: true, configurable: true }); },
      });
    });
  }
  later(['Utilities'], 'utilities', function (install, made) { install(made, kernel, sleep); });
  later(['PropertiesService', 'CacheService', 'LockService', 'Session'], 'stores', function (install, made) {
    install(made, kernel, parse(contextJson));
  });
  later(['ScriptApp'], 'scriptapp', function (install, made) { install(made, kernel, parse(contextJson)); });
  later(['MailApp', 'GmailApp'], 'mail', function (install, made) { install(made, kernel); });
  later(['UrlFetchApp'], 'urlfetch', function (install, made) { install(made, kernel); });
  later(['SpreadsheetApp'], 'spreadsheetapp', function (install, made) { install(made, kernel, parse(contextJson)); });
  later(['HtmlService', 'ContentService'], 'html', function (install, made) {
    install(made, kernel, parse(contextJson).htmlFiles || {});
  });
  // The emulator's clock (POST /__emulator/clock) moves the guest's time: Date is the platform's, shifted.
  var shift = parse(contextJson).clockOffsetMs || 0;
  if (shift !== 0) {
    var RealDate = Date;
    var ShiftedDate = function Date() {
      if (!(this instanceof ShiftedDate)) return new RealDate(RealDate.now() + shift).toString();
      return arguments.length === 0 ? new RealDate(RealDate.now() + shift) : Reflect.construct(RealDate, arguments);
    };
    ShiftedDate.prototype = RealDate.prototype;
    ShiftedDate.now = function now() { return RealDate.now() + shift; };
    ShiftedDate.UTC = RealDate.UTC;
    ShiftedDate.parse = RealDate.parse;
    Object.defineProperty(g, 'Date', { value: ShiftedDate, writable: true, configurable: true });
  }
  var settled, geval = eval, ident = /^[A-Za-z_$][\\w$]*$/, builtins = {};
  g.__emulatorInvoke = function (path, json) {
    var parts = path.split('.');
    for (var i = 0; i < parts.length; i++) if (!ident.test(parts[i])) return '{"notFound":true}';
    if (builtins[parts[0]] === true) return '{"notFound":true}';
    // Indirect eval sees top-level let/const bindings too, which are not properties of the global object.
    var self = g, fn = geval('typeof ' + parts[0] + " === 'undefined' ? undefined : " + parts[0]);
    for (var j = 1; j < parts.length; j++) {
      if (fn === null || (typeof fn !== 'object' && typeof fn !== 'function')) return '{"notFound":true}';
      if (!Object.prototype.hasOwnProperty.call(fn, parts[j])) return '{"notFound":true}';
      self = fn; fn = fn[parts[j]];
    }
    if (typeof fn !== 'function') return '{"notFound":true}';
    // A spreadsheet trigger's event comes as { $sheetsEvent }: SpreadsheetApp makes Google's object of it.
    var args = parse(json).map(function (p) {
      return p !== null && typeof p === 'object' && p.$sheetsEvent ? g.SpreadsheetApp.__event(p.$sheetsEvent) : p;
    });
    var result = fn.apply(self, args);
    if (isPromise(result)) {
      settled = undefined;
      result.then(function (v) { settled = { ok: v }; }, function (e) { settled = { error: e }; });
      return '{"pending":true}';
    }
    return result === undefined ? '{}' : out({ result: result });
  };
  g.__emulatorSettle = function () {
    if (settled === undefined) return '{"pending":true}';
    if ('error' in settled) throw settled.error;
    return settled.ok === undefined ? '{}' : out({ result: settled.ok });
  };
  // Everything defined so far (built-ins and the harness itself) is not a script function.
  Object.getOwnPropertyNames(g).forEach(function (n) { builtins[n] = true; });
})`;

let modulePromise: Promise<QuickJSWASMModule> | undefined;
let wasmMaxBytes: number | undefined;
let wasmModule: WebAssembly.Module | undefined;

/** WebAssembly pages are 64 KiB; QuickJS's module starts with 16 MiB. */
const PAGE_BYTES = 64 * 1024;
const INITIAL_PAGES = 256;

/**
 * Caps the WebAssembly memory of this thread's QuickJS module at `bytes` (call it before the first
 * job). QuickJS's own memory limit does not count the backing stores of typed arrays and
 * ArrayBuffers, so without this a run could grow the module's memory (which never shrinks) to 2 GiB;
 * with it, an allocation past the cap fails inside the guest as "out of memory".
 */
export function capWasmMemory(bytes: number): void {
  if (modulePromise !== undefined) throw new Error('capWasmMemory must be called before the first job');
  wasmMaxBytes = bytes;
}

/** Instantiates QuickJS from this module (compiled once by the pool) instead of reading and compiling its file. */
export function useWasmModule(module: WebAssembly.Module): void {
  if (modulePromise !== undefined) throw new Error('useWasmModule must be called before the first job');
  wasmModule = module;
}

function quickjs(): Promise<QuickJSWASMModule> {
  if (modulePromise === undefined) {
    const maximum =
      wasmMaxBytes === undefined
        ? undefined
        : Math.max(INITIAL_PAGES * 2, Math.floor(wasmMaxBytes / PAGE_BYTES));
    modulePromise = newQuickJSWASMModuleFromVariant(
      newVariant(variant, {
        ...(maximum === undefined
          ? {}
          : { wasmMemory: new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum }) }),
        ...(wasmModule === undefined ? {} : { wasmModule }),
      }),
    );
  }
  return modulePromise;
}

/** Memory this worker holds: QuickJS's WebAssembly memory (it only grows) plus the V8 heap. */
export async function memoryInUse(): Promise<number> {
  const wasm = modulePromise === undefined ? 0 : (await modulePromise).getWasmMemory().buffer.byteLength;
  return wasm + getHeapStatistics().used_heap_size;
}

/** Parses QuickJS's `    at fn (file:line:col)` stack lines, deepest first, without harness frames. */
export function parseStack(stack: string | undefined): StackElement[] {
  if (stack === undefined) return [];
  const out: StackElement[] = [];
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('at ')) continue;
    // `at fn (file:line:col)`, `at fn (file:line)` or, for anonymous code, `at file:line:col`.
    const named = /^at (.+?) \((.*)\)$/.exec(line);
    const fn = named ? named[1] : '<anonymous>';
    const location = /^(.*?):(\d+)(?::\d+)?$/.exec(named ? (named[2] ?? '') : line.slice(3));
    const file = location?.[1];
    const lineNo = location?.[2];
    if (fn === undefined || file === undefined || lineNo === undefined || file === HARNESS) continue;
    out.push({ function: fn, lineNumber: Number(lineNo) });
  }
  return out;
}

type Thrown = Omit<ScriptThrew, 'kind'>;

/** What a run threw, bounded: a message of 100 MB must not reach the process list or the answer. */
function describeThrown(ctx: QuickJSContext, handle: QuickJSHandle): Thrown {
  const thrown = describeUnbounded(ctx, handle);
  const cut = (text: string) =>
    text.length > ERROR_CHARS ? `${text.slice(0, ERROR_CHARS)} ... [cut at ${ERROR_CHARS} characters]` : text;
  return {
    errorType: cut(thrown.errorType),
    errorMessage: cut(thrown.errorMessage),
    stack: thrown.stack.slice(0, STACK_FRAMES),
  };
}

function describeUnbounded(ctx: QuickJSContext, handle: QuickJSHandle): Thrown {
  const dumped: unknown = ctx.dump(handle);
  if (dumped !== null && typeof dumped === 'object' && 'message' in dumped) {
    const e = dumped as { name?: unknown; message?: unknown; stack?: unknown };
    return {
      errorType: typeof e.name === 'string' && e.name !== '' ? e.name : 'Error',
      errorMessage: String(e.message),
      stack: parseStack(typeof e.stack === 'string' ? e.stack : undefined),
    };
  }
  // `throw 'text'` and other non-Error values carry no stack in QuickJS.
  return {
    errorType: 'ScriptError',
    errorMessage: typeof dumped === 'string' ? dumped : JSON.stringify(dumped),
    stack: [],
  };
}

interface HarnessHooks {
  record(text: string): void;
  call: CallHost;
  sleep(ms: number): void;
}

/** Installs the harness and the guest services: console, Logger, Utilities, properties, caches, locks. */
function installHarness(ctx: QuickJSContext, job: RunJob, hooks: HarnessHooks): void {
  const context = job.context ?? { scriptId: '', userEmail: '', timeZone: 'America/New_York' };
  const handles = [
    ctx.newFunction('record', (text) => hooks.record(ctx.getString(text))),
    ctx.newFunction('call', (service, method, args) => {
      const reply = hooks.call(ctx.getString(service), ctx.getString(method), ctx.getString(args));
      return ctx.newString(JSON.stringify('error' in reply ? { e: reply.error } : { v: reply.value }));
    }),
    ctx.newFunction('sleep', (ms) => hooks.sleep(Math.max(0, ctx.getNumber(ms)))),
    ctx.newString(JSON.stringify(context)),
    // Sources are handed over when first needed: even as a string literal they cost every run to parse.
    ctx.newFunction('load', (key) => ctx.newString(LAZY_SOURCES[ctx.getString(key)] ?? '')),
  ];
  try {
    const harness = ctx.unwrapResult(ctx.evalCode(HARNESS_SOURCE, HARNESS));
    try {
      ctx.unwrapResult(ctx.callFunction(harness, ctx.undefined, ctx.global, ...handles)).dispose();
    } finally {
      harness.dispose();
    }
  } finally {
    for (const handle of handles) handle.dispose();
  }
}

/**
 * What a run that threw ended as, read from what it threw (whose handle is freed here): an interrupt
 * past the deadline is Google's timeout, QuickJS out of heap is Google's memory error, anything else
 * is the script's own error. The run must have ended first, so that reading is not interrupted.
 */
function resultOfThrown(ctx: QuickJSContext, handle: QuickJSHandle, overdue: () => boolean): RunResult {
  let thrown: Thrown;
  try {
    thrown = describeThrown(ctx, handle);
  } finally {
    handle.dispose();
  }
  if (overdue() && thrown.errorType === 'InternalError' && thrown.errorMessage === 'interrupted') {
    return {
      kind: 'timeout',
      ...thrown,
      errorType: 'ScriptError',
      errorMessage: 'Exceeded maximum execution time',
    };
  }
  if (thrown.errorType === 'InternalError' && thrown.errorMessage === 'out of memory') {
    return { kind: 'error', ...thrown, errorType: 'Exception', errorMessage: MEMORY_EXCEEDED };
  }
  return { kind: 'error', ...thrown };
}

/** What a settled run ended as, from the harness's JSON reply. */
function resultOfReply(reply: string): RunResult {
  // The harness counts characters; the host counts the bytes it would send, whatever the guest did.
  const parsed = (Buffer.byteLength(reply) > OUTPUT_BYTES ? { tooLarge: true } : JSON.parse(reply)) as {
    notFound?: true;
    tooLarge?: true;
    result?: unknown;
  };
  if (parsed.notFound) return { kind: 'not-found' };
  if (parsed.tooLarge) {
    return {
      kind: 'error',
      errorType: 'ScriptError',
      errorMessage: `The function's return value is larger than ${OUTPUT_BYTES} bytes (8 MB) of JSON`,
      stack: [],
    };
  }
  return 'result' in parsed ? { kind: 'ok', result: parsed.result } : { kind: 'ok' };
}

/**
 * Evaluates the SERVER_JS files in order, then calls `job.functionName` with the JSON parameters.
 * `stop` (shared with the pool) interrupts the guest when its first element is set: a run whose
 * caller went away ends at once and the worker stays usable.
 */
export async function runJob(job: RunJob, stop?: Int32Array, channel?: ChannelEnds): Promise<RunOutcome> {
  const QuickJS = await quickjs();
  const started = Date.now();
  const deadline = started + job.timeoutMs;
  // Utilities.sleep adds to the run's clock rather than waiting: a run that sleeps past its limit
  // times out as it would on Google, at once.
  let slept = 0;
  const overdue = () => Date.now() + slept >= deadline;
  const logs: string[] = [];
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(job.memoryLimitBytes);
  runtime.setMaxStackSize(1024 * 1024);
  // Once the run has ended (in error), reading what it threw must not be interrupted in turn: an
  // interrupted dump would leave a handle alive and QuickJS aborts when the runtime is freed.
  // The harness is installed before anything may interrupt (a stop set early must not leave it half
  // made), and once the run has ended nothing interrupts the clean-up.
  let interruptible = false;
  let ended = false;
  runtime.setInterruptHandler(
    () => interruptible && !ended && (overdue() || (stop !== undefined && Atomics.load(stop, 0) !== 0)),
  );
  const ctx = runtime.newContext();
  const finish = (outcome: RunResult): RunOutcome => ({ ...outcome, logs, durationMs: Date.now() - started });
  const failed = (handle: QuickJSHandle): RunOutcome => {
    ended = true;
    return finish(resultOfThrown(ctx, handle, overdue));
  };
  try {
    installHarness(ctx, job, {
      record: (text) => {
        // The harness already bounds lines and their total; this is the host's own backstop.
        if (logs.length < 2_000) logs.push(text.slice(0, LINE_CHARS + 64));
      },
      call:
        channel === undefined
          ? () => ({ id: 0, error: 'Google services are not available to this run' })
          : hostCaller(channel, () => overdue() || (stop !== undefined && Atomics.load(stop, 0) !== 0)),
      sleep: (ms) => {
        slept += ms;
        if (overdue()) throw new HostCallStopped();
      },
    });
    interruptible = true;
    for (const file of job.files) {
      const loaded = ctx.evalCode(file.source, file.name);
      if (loaded.error) return failed(loaded.error);
      loaded.value.dispose();
    }
    const call = ctx.evalCode(
      `__emulatorInvoke(${JSON.stringify(job.functionName)}, ${JSON.stringify(JSON.stringify(job.parameters))})`,
      HARNESS,
    );
    if (call.error) return failed(call.error);
    let reply = ctx.getString(call.value);
    call.value.dispose();
    if (reply === '{"pending":true}') {
      // An async function: drain its jobs (still under the interrupt handler), then read how it settled.
      const drained = runtime.executePendingJobs();
      if (drained.error) return failed(drained.error);
      const settle = ctx.evalCode('__emulatorSettle()', HARNESS);
      if (settle.error) return failed(settle.error);
      reply = ctx.getString(settle.value);
      settle.value.dispose();
      if (reply === '{"pending":true}') {
        return finish({
          kind: 'error',
          errorType: 'ScriptError',
          errorMessage: 'The function returned a promise that never settled',
          stack: [],
        });
      }
    }
    return finish(resultOfReply(reply));
  } finally {
    ctx.dispose();
    runtime.dispose();
  }
}

/** Compiles each SERVER_JS file without running it, as Apps Script does when content is saved. */
export async function checkJob(job: CheckJob): Promise<CheckOutcome> {
  const QuickJS = await quickjs();
  const runtime = QuickJS.newRuntime();
  // A deeply nested source must end as a syntax error, not exhaust the parser's stack or heap.
  runtime.setMemoryLimit(job.memoryLimitBytes ?? 64 * 1024 * 1024);
  runtime.setMaxStackSize(1024 * 1024);
  const deadline = Date.now() + (job.timeoutMs ?? 30_000);
  let ended = false;
  runtime.setInterruptHandler(() => !ended && Date.now() >= deadline);
  const ctx = runtime.newContext();
  try {
    for (const file of job.files) {
      const compiled = ctx.evalCode(file.source, file.name, { compileOnly: true });
      if (compiled.error) {
        ended = true;
        let dumped: { message?: unknown; lineNumber?: unknown };
        try {
          dumped = ctx.dump(compiled.error) as typeof dumped;
        } finally {
          compiled.error.dispose();
        }
        return {
          ok: false,
          file: file.name,
          message: String(dumped.message),
          lineNumber: typeof dumped.lineNumber === 'number' ? dumped.lineNumber : 0,
        };
      }
      compiled.value.dispose();
    }
    return { ok: true };
  } finally {
    ctx.dispose();
    runtime.dispose();
  }
}
