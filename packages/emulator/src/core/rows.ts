// The state document as rows of the state database, one per entity (a project, a comment, a process,
// ...): `(collection, key, value)`, value being the entity's JSON. A request's save writes the rows
// of the entities it changed; loading puts the rows back together into a state document.
import { COLLECTIONS, type Collection } from './changes.ts';

type JsonObject = Record<string, unknown>;

export interface Row {
  collection: Collection;
  key: string;
  value: unknown;
}

/** Collections held as one value (key ''), not as a list of entities. */
const SINGLE = new Set<string>(['bs.workspace', 'as.tokens']);

/** The key of the entity at `index` of its collection's list. */
function keyOf(collection: Collection, item: unknown, index: number): string {
  const key = COLLECTIONS[collection].key;
  // Processes have no id: they are addressed by their position (they are only appended and updated).
  return key === '' ? String(index) : String((item as JsonObject)[key]);
}

/** Every entity of a state document, in list order. */
export function documentToRows(doc: JsonObject): Row[] {
  const rows: Row[] = [];
  for (const [collection, spec] of Object.entries(COLLECTIONS) as [
    Collection,
    (typeof COLLECTIONS)[Collection],
  ][]) {
    const value = (doc[spec.service] as JsonObject | undefined)?.[spec.list];
    if (value === undefined || value === null) continue;
    if (SINGLE.has(collection)) {
      rows.push({ collection, key: '', value });
      continue;
    }
    (value as unknown[]).forEach((item, index) => {
      rows.push({ collection, key: keyOf(collection, item, index), value: item });
    });
  }
  return rows;
}

/** A state document from rows (in the order they were first written). */
export function rowsToDocument(rows: Iterable<Row>): JsonObject {
  const doc: Record<string, JsonObject> = { appsScript: {}, bugsmash: {}, sheets: {} };
  const processes: [number, unknown][] = [];
  for (const { collection, key, value } of rows) {
    const spec = COLLECTIONS[collection];
    const service = doc[spec.service] as JsonObject;
    if (SINGLE.has(collection)) service[spec.list] = value;
    else if (collection === 'as.processes') processes.push([Number(key), value]);
    else {
      if (!Array.isArray(service[spec.list])) service[spec.list] = [];
      (service[spec.list] as unknown[]).push(value);
    }
  }
  // By position, so that a process keeps its key (its index in the process store) after a restart.
  processes.sort((a, b) => a[0] - b[0]);
  if (processes.length > 0) (doc.appsScript as JsonObject).processes = processes.map(([, value]) => value);
  return { version: 1, ...doc };
}
