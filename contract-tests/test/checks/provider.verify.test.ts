import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { type FaultInfo, type RunningEmulator, startEmulator } from '@specbound/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestsOf } from '../../src/coverage.ts';
import { type ProviderName, pactFileOf, TMP_DIR } from '../../src/providers.ts';
import { API_KEY } from '../support/clients.ts';
import {
  appsScriptStateHandlers,
  bugsmashStateHandlers,
  clearFaults,
  driveStateHandlers,
  loggingStateHandlers,
  putState,
  sheetsStateHandlers,
} from '../support/provider-states.ts';

// Provider verification: the pact files are replayed against the emulator as the provider, each
// interaction after its state handler has put the emulator into the provider state (through a
// state document, and a fault where no document can express the state). Every interaction must
// be honoured: a single failure fails the test.

let emulator: RunningEmulator;

beforeAll(async () => {
  // Strict: a response that breaks the spec becomes a 500, so it cannot pass unnoticed.
  emulator = await startEmulator({ port: 0, bugsmashApiKey: API_KEY, strict: true });
});

afterAll(async () => {
  await emulator?.close();
});

interface Outcome {
  /** Descriptions of the interactions that failed verification. */
  failed: string[];
  /** Descriptions of the interactions the verifier replayed and found honoured. */
  verified: string[];
  /**
   * Faults a state handler registered that its interaction never used: the state then asks for an
   * answer the interaction does not need (or aims it at the wrong request).
   */
  unusedFaults: FaultInfo[];
  output: string;
}

interface Report {
  errors: { interaction: string }[];
  interactionResults?: { description: string; result: string }[];
  output: string[];
}

/**
 * Runs the verifier and returns which interactions it verified and which failed. It resolves with
 * its JSON report when every interaction passes and rejects with the same report otherwise.
 */
async function verify(
  provider: ProviderName,
  options: Omit<VerifierOptions, 'provider' | 'pactUrls'>,
): Promise<Outcome> {
  const unusedFaults: FaultInfo[] = [];
  const verifier = new Verifier({
    provider,
    pactUrls: [pactFileOf(provider)],
    // A clean slate per interaction: empty state, and no fault left over from the one before
    // (a leftover is noted: the interaction before did not use it).
    beforeEach: async () => {
      unusedFaults.push(...emulator.faults());
      await clearFaults(emulator.controlUrl);
      await putState(emulator.controlUrl, {});
    },
    logLevel: 'warn',
    ...options,
  });
  let report: Report;
  try {
    report = parseReport(await verifier.verifyProvider());
  } catch (error) {
    report = parseReport(error);
  }
  unusedFaults.push(...emulator.faults());
  return {
    unusedFaults,
    failed: report.errors.map((entry) => entry.interaction.replace(/^.* - /, '')).sort(),
    verified: (report.interactionResults ?? [])
      .filter((entry) => entry.result === 'OK')
      .map((entry) => entry.description)
      .sort(),
    output: report.output.join('\n'),
  };
}

function parseReport(answer: unknown): Report {
  const message = answer instanceof Error ? answer.message : String(answer);
  try {
    return JSON.parse(message) as Report;
  } catch {
    // Not a verification report (the verifier could not run at all): surface it as it came.
    throw answer instanceof Error ? answer : new Error(message);
  }
}

/** The descriptions of every interaction in the provider's pact file. */
function interactionsOf(provider: ProviderName): string[] {
  return requestsOf(pactFileOf(provider))
    .map((request) => request.description)
    .sort();
}

function record(provider: ProviderName, outcome: Outcome): void {
  const dir = join(TMP_DIR, 'reports');
  mkdirSync(dir, { recursive: true });
  const lines = [
    `Pacts of ${provider} verified against @specbound/emulator: ${outcome.verified.length} of ${interactionsOf(provider).length} interactions honoured.`,
    `Failed (${outcome.failed.length}): ${outcome.failed.join('; ') || 'none'}.`,
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the verifier's ANSI colours
    outcome.output.replace(/\u001b\[[0-9;]*m/g, ''),
  ];
  writeFileSync(join(dir, `${provider}.txt`), `${lines.join('\n')}\n`);
}

/** The provider state names the provider's pact file uses. */
function statesOf(provider: ProviderName): string[] {
  const pact = JSON.parse(readFileSync(pactFileOf(provider), 'utf8')) as {
    interactions: { providerStates?: { name: string }[] }[];
  };
  const names = pact.interactions.flatMap((interaction) =>
    (interaction.providerStates ?? []).map((s) => s.name),
  );
  return [...new Set(names)].sort();
}

describe('state handlers', () => {
  // Pact's Verifier only logs a warning for a state with no handler and replays the interaction
  // against whatever state is there, so an interaction could pass by accident. Check it here.
  it.each([
    ['apps-script-api', () => appsScriptStateHandlers(emulator)],
    ['bugsmash-api', () => bugsmashStateHandlers(emulator)],
    ['cloud-logging-api', () => loggingStateHandlers(emulator)],
    ['drive-api', () => driveStateHandlers(emulator)],
    ['sheets-api', () => sheetsStateHandlers(emulator)],
  ] as const)(
    '%s: one handler per provider state the pacts name, and none left over',
    (provider, handlers) => {
      const handled = Object.keys(handlers()).sort();
      const states = statesOf(provider);
      expect(
        states.filter((state) => !handled.includes(state)),
        'states with no handler',
      ).toEqual([]);
      expect(
        handled.filter((state) => !states.includes(state)),
        'handlers no pact uses',
      ).toEqual([]);
    },
  );
});

describe('provider verification against the emulator', () => {
  it('apps-script-api: every interaction is honoured', async () => {
    const outcome = await verify('apps-script-api', {
      providerBaseUrl: emulator.appsScriptUrl,
      stateHandlers: appsScriptStateHandlers(emulator),
    });
    record('apps-script-api', outcome);
    expect(outcome.failed, outcome.output).toEqual([]);
    expect(outcome.verified).toEqual(interactionsOf('apps-script-api'));
    expect(emulator.violations()).toEqual([]);
    expect(outcome.unusedFaults).toEqual([]);
  });

  it('bugsmash-api: every interaction is honoured', async () => {
    const outcome = await verify('bugsmash-api', {
      providerBaseUrl: emulator.bugsmashUrl,
      stateHandlers: bugsmashStateHandlers(emulator),
    });
    record('bugsmash-api', outcome);
    expect(outcome.failed, outcome.output).toEqual([]);
    expect(outcome.verified).toEqual(interactionsOf('bugsmash-api'));
    expect(emulator.violations()).toEqual([]);
    expect(outcome.unusedFaults).toEqual([]);
  });

  it('cloud-logging-api: every interaction is honoured', async () => {
    const outcome = await verify('cloud-logging-api', {
      providerBaseUrl: emulator.appsScriptUrl,
      stateHandlers: loggingStateHandlers(emulator),
    });
    record('cloud-logging-api', outcome);
    expect(outcome.failed, outcome.output).toEqual([]);
    expect(outcome.verified).toEqual(interactionsOf('cloud-logging-api'));
    expect(emulator.violations()).toEqual([]);
    expect(outcome.unusedFaults).toEqual([]);
  });

  it('drive-api: every interaction is honoured (Drive is served on the Google origin)', async () => {
    const outcome = await verify('drive-api', {
      providerBaseUrl: emulator.appsScriptUrl,
      stateHandlers: driveStateHandlers(emulator),
    });
    record('drive-api', outcome);
    expect(outcome.failed, outcome.output).toEqual([]);
    expect(outcome.verified).toEqual(interactionsOf('drive-api'));
    expect(emulator.violations()).toEqual([]);
  });

  it('sheets-api: every interaction is honoured (the Sheets routes on the Google origin)', async () => {
    const outcome = await verify('sheets-api', {
      providerBaseUrl: emulator.appsScriptUrl,
      stateHandlers: sheetsStateHandlers(emulator),
    });
    record('sheets-api', outcome);
    expect(outcome.failed, outcome.output).toEqual([]);
    expect(outcome.verified).toEqual(interactionsOf('sheets-api'));
    expect(emulator.violations()).toEqual([]);
    expect(outcome.unusedFaults).toEqual([]);
  });
});
