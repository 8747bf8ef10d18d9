// A tool's answer: compact text for the agent to read plus the same data as `structuredContent`.
// Long lists are paged: an answer holds as many items as fit the per-answer size budget (and the
// page size asked for) and says how to ask for the next page.
export interface Answer {
  text: string;
  structured: Record<string, unknown>;
  /** The call failed in a way the agent should read (a script error): answered with isError. */
  isError?: boolean;
}

/** Characters an answer may take, text and structured JSON together, unless the server is told otherwise. */
export const DEFAULT_BUDGET = 16_000;

export interface ListPage<T> {
  /** Every item of the list, already filtered. */
  items: readonly T[];
  /** The index of the first item to show (the `offset` argument). */
  offset: number;
  /** Items asked for at most (the `limit` argument). */
  limit: number;
  /** One compact line per item. */
  line(item: T): string;
  /** The structured copy of an item (default: the item as is); a detail tool gives the rest. */
  summary?: ((item: T) => unknown) | undefined;
  /** What the items are, plural ("comments"). */
  noun: string;
  /** The tool and arguments that get the next page, without `offset`. */
  tool: string;
  budget: number;
}

function size(text: string, structured: unknown): number {
  return text.length + JSON.stringify(structured).length;
}

/** One page of a list, cut to the budget, with a note saying how to get the next one. */
export function pageAnswer<T>(page: ListPage<T>): Answer {
  const total = page.items.length;
  const start = Math.min(Math.max(page.offset, 0), total);
  const end = Math.min(start + Math.max(page.limit, 1), total);
  const shown: unknown[] = [];
  const lines: string[] = [];
  // The note and the envelope are at most a few hundred characters; keep room for them.
  const room = page.budget - 400;
  let used = 0;
  for (let i = start; i < end; i++) {
    const item = page.items[i] as T;
    const line = page.line(item);
    const summary = page.summary === undefined ? item : page.summary(item);
    const cost = line.length + 1 + JSON.stringify(summary).length + 1;
    if (shown.length > 0 && used + cost > room) break;
    shown.push(summary);
    lines.push(line);
    used += cost;
  }
  const next = start + shown.length < total ? start + shown.length : undefined;
  const head = `${total} ${page.noun}; showing ${shown.length === 0 ? 0 : start + 1}–${start + shown.length}.`;
  const note =
    next === undefined
      ? ''
      : `\nMore: call ${page.tool} again with offset=${next} for the next page (${total - next} left).`;
  const text = `${head}\n${lines.join('\n')}${note}`;
  const structured = { total, offset: start, count: shown.length, nextOffset: next ?? null, items: shown };
  if (size(text, structured) > page.budget && shown.length === 1) {
    return cutAnswer({ text, structured }, page.budget);
  }
  return { text, structured };
}

/**
 * An answer with no list to page (a file's content): cut to the budget with a note. The structured
 * copy is dropped to a summary when it alone is over budget.
 */
export function cutAnswer(answer: Answer, budget: number): Answer {
  const json = JSON.stringify(answer.structured);
  if (answer.text.length + json.length <= budget) return answer;
  const structured =
    json.length > budget / 2
      ? { truncated: true, note: 'The structured copy was over the answer budget; read the text.' }
      : answer.structured;
  const room = Math.max(budget - JSON.stringify(structured).length - 200, 0);
  const text =
    answer.text.length <= room
      ? answer.text
      : `${answer.text.slice(0, room)}\n[cut: ${answer.text.length - room} more characters over the answer budget of ${budget}; ask for less (one file, a smaller page).]`;
  return { text, structured };
}

/** A one-object answer: a summary line and the object. */
export function objectAnswer(summary: string, data: Record<string, unknown>, budget: number): Answer {
  return cutAnswer({ text: `${summary}\n${JSON.stringify(data)}`, structured: data }, budget);
}
