/**
 * IndexedDB in Node for the client's unit tests (`fake-indexeddb`: the browser API in memory, not
 * a stand-in for our storage code), installed for one test file and taken away after it: the
 * test workers run several files in one process.
 */
import {
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBFactory,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction,
  IDBVersionChangeEvent,
} from "fake-indexeddb";

const TYPES = {
  IDBCursor,
  IDBCursorWithValue,
  IDBDatabase,
  IDBFactory,
  IDBIndex,
  IDBKeyRange,
  IDBObjectStore,
  IDBOpenDBRequest,
  IDBRequest,
  IDBTransaction,
  IDBVersionChangeEvent,
};

const globals = globalThis as Record<string, unknown>;

/** A new, empty IndexedDB (and its classes, which `idb` checks values against). */
export function installIndexedDb(): void {
  for (const [name, value] of Object.entries(TYPES)) globals[name] = value;
  globals.indexedDB = new IDBFactory();
}

export function removeIndexedDb(): void {
  for (const name of [...Object.keys(TYPES), "indexedDB"]) delete globals[name];
}
