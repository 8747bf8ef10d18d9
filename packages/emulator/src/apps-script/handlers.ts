import type { operations } from '@specbound/apps-script/schema';
import type { TypedHandlers } from '../core/typed.ts';
import type { AsUser } from './model.ts';

/** The handlers of some Apps Script operations, typed by the spec. */
export type AppsScriptHandlers<K extends keyof operations> = Pick<TypedHandlers<operations, AsUser>, K>;

export const ok = <B>(body: B) => ({ status: 200 as const, body });
