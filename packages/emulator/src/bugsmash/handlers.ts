import type { operations } from '@specbound/bugsmash/schema';
import type { TypedHandlers } from '../core/typed.ts';

/** The operations the emulator serves: the spec's `webhooks` (`receive...`) are deliveries it sends. */
export type ServedOperations = Omit<operations, `receive${string}`>;

/** The handlers of some BugSmash operations, typed by the spec. */
export type BugsmashHandlers<K extends keyof ServedOperations> = Pick<
  TypedHandlers<ServedOperations, 'workspace'>,
  K
>;
