import { Worker } from 'node:worker_threads';

/** What the pool needs of PGlite: one session that runs a statement (or a script) at a time, and closes. */
export interface PgliteSession {
  /** With parameters, one statement; without, a script whose last statement's result is answered. */
  query(sql: string, params?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
  /**
   * Hears the notifications of the channels the session listens on. A notification sent by a statement's commit
   * is heard before that statement's answer.
   */
  onNotification(listener: (channel: string, payload: string) => void): void;
}

/** What a statement sent after close is answered: database-errors.ts reads it as the database being unavailable (503). */
const CLOSED_MESSAGE = 'PGlite is closed: the database was shut down';

// Plain JavaScript, evaluated in the worker: it runs the same under Jest, from source and compiled.
const WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, protocol: { serialize }, parse: { parseResults }, types: { serializers, arraySerializer } } = require(workerData.pglite);
// Linux sets a niceness per thread (elsewhere it would be the whole process's): see WORKER_NICENESS.
if (process.platform === 'linux') require('node:os').setPriority(workerData.niceness);
const plain = (error) => ({ ...error, name: error && error.name, message: String(error && error.message || error) });
let db;
// Statements with parameters are prepared once per text and kept (the least recently used are closed past
// MAX_PREPARED): PostgreSQL then parses, analyses and plans each text once, not every time, and one message carries
// bind, execute and sync, where PGlite's query() makes six round trips into the backend and describes every time.
// Values are sent as text by PGlite's own serializers, chosen by the value's JavaScript type (query() chose them by
// the parameter's type, which took the describe).
const MAX_PREPARED = 256;
const prepared = new Map();
let lastName = 0;
const asText = (value) => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return serializers.date(value);
  if (value instanceof Uint8Array) return serializers.bytea(value);
  if (Array.isArray(value)) return arraySerializer(value, asText);
  switch (typeof value) {
    case 'string': return value;
    case 'boolean': return serializers.boolean(value);
    case 'number': case 'bigint': return String(value);
    default: return serializers.json(value);
  }
};
// Describe the portal, execute it, sync: the same bytes after every bind.
const DESCRIBE_EXECUTE_SYNC = Buffer.concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);
// Messages up to this size are written into one buffer kept for the next (PGlite reads a message before
// execProtocol returns): see KEPT_BUFFER_BYTES.
const KEPT_BUFFER_BYTES = workerData.keptBufferBytes;
let outbox = Buffer.allocUnsafeSlow(64 * 1024);
const bufferFor = (size) => {
  if (size > KEPT_BUFFER_BYTES) return Buffer.allocUnsafeSlow(size);
  if (size > outbox.length) outbox = Buffer.allocUnsafeSlow(Math.min(KEPT_BUFFER_BYTES, 2 ** Math.ceil(Math.log2(size))));
  return outbox;
};
// A Bind message (unnamed portal, every value and result as text) followed by DESCRIBE_EXECUTE_SYNC, written by
// Node's own UTF-8 encoder, or copied where the value came as UTF-8 bytes. PGlite's serialize.bind measured each
// value in a JavaScript loop (twice), copied it through two growing buffers and sent a format code per value: with
// a runner's batch (150 kB of JSON) that was 13 % of the worker's time.
const bindAndRun = (statement, values) => {
  let size = 4 + Buffer.byteLength(statement) + 2 + 2 + 2 + 2;
  const lengths = values.map((value) => (value === null ? -1 : typeof value === 'string' ? Buffer.byteLength(value) : value.length));
  for (const length of lengths) size += 4 + Math.max(length, 0);
  const message = bufferFor(1 + size + DESCRIBE_EXECUTE_SYNC.length);
  message[0] = 0x42; // 'B'
  let at = message.writeInt32BE(size, 1);
  message[at++] = 0; // the unnamed portal
  at += message.write(statement, at);
  message[at++] = 0;
  at = message.writeInt16BE(0, at); // no format codes: every value is text
  at = message.writeInt16BE(values.length, at);
  values.forEach((value, index) => {
    at = message.writeInt32BE(lengths[index], at);
    if (typeof value === 'string') at += message.write(value, at);
    else if (value !== null) {
      message.set(value, at);
      at += value.length;
    }
  });
  at = message.writeInt16BE(0, at); // no format codes: every result is text
  at += DESCRIBE_EXECUTE_SYNC.copy(message, at);
  return message.subarray(0, at);
};
const runPrepared = async (sql, params, encoded, retried) => {
  const parts = [];
  let name = prepared.get(sql);
  const fresh = name === undefined;
  if (fresh) {
    if (prepared.size >= MAX_PREPARED) {
      const [oldest, oldName] = prepared.entries().next().value;
      prepared.delete(oldest);
      parts.push(serialize.close({ type: 'S', name: oldName }));
    }
    name = 'crucible_' + (lastName += 1);
    parts.push(serialize.parse({ name, text: sql }));
  } else prepared.delete(sql); // re-inserted below: the map's order is the order of use
  const values = params.map(asText);
  if (encoded) {
    let offset = 0;
    for (const [index, length] of encoded.slices) {
      values[index] = new Uint8Array(encoded.buffer, offset, length);
      offset += length;
    }
  }
  parts.push(bindAndRun(name, values));
  const { messages } = await db.execProtocol(parts.length === 1 ? parts[0] : Buffer.concat(parts), { throwOnError: false });
  if (!fresh || messages.some((message) => message.name === 'parseComplete')) prepared.set(sql, name);
  const error = messages.find((message) => message.name === 'error');
  if (!error) return parseResults(messages, db.parsers)[0];
  // A plan kept across a change of the tables it reads: prepare it again, once.
  if (!retried && error.code === '0A000' && /cached plan/.test(error.message)) {
    prepared.delete(sql);
    await db.execProtocol(Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()]));
    return runPrepared(sql, params, encoded, true);
  }
  throw error;
};
const run = async (sql, params, encoded) => {
  if (params && params.length > 0) return runPrepared(sql, params, encoded, false);
  const results = await db.exec(sql);
  return results[results.length - 1] ?? { rows: [], fields: [], affectedRows: 0 };
};
// One message at a time, in the order sent: a close waits for the statements sent before it (run beside them,
// it tore PGlite down under a statement, which failed with a TypeError from inside the WASM module).
// The buffer of encoded values goes back with the answer, for the next statement.
const answer = async ({ id, sql, params, encoded, close }) => {
  const returned = encoded ? [encoded.buffer] : [];
  try {
    if (close) await db.close();
    const result = close ? undefined : await run(sql, params, encoded);
    parentPort.postMessage({ id, result, buffer: encoded?.buffer }, returned);
  } catch (error) {
    parentPort.postMessage({ id, error: plain(error), buffer: encoded?.buffer }, returned);
  }
};
let previous = Promise.resolve();
parentPort.on('message', (message) => { previous = previous.then(() => answer(message)); });
// A new in-memory database starts as a copy of a freshly initialised cluster (open-pglite.ts), read here.
const { clusterTarball, ...options } = workerData.options;
if (clusterTarball) options.loadDataDir = new Blob([require('node:fs').readFileSync(clusterTarball)]);
PGlite.create(options).then(
  (opened) => {
    db = opened;
    db.onNotification((channel, payload) => parentPort.postMessage({ notification: { channel, payload } }));
    parentPort.postMessage({ id: 0 });
  },
  (error) => parentPort.postMessage({ id: 0, error: plain(error) }),
);`;

interface Reply { id: number; result?: unknown; error?: Record<string, unknown> & { message: string }; buffer?: ArrayBuffer }

/**
 * A string parameter this long or longer (a runner's batch is 150 kB of JSON) goes to the worker as UTF-8 bytes in
 * a buffer that is transferred, not copied, and comes back with the answer to carry the next statement's. Cloned as
 * a string, it was serialised into a fresh buffer each time; above glibc's mmap threshold (128 kB under `npm start`)
 * that buffer is a mapping of its own, and its pages were faulted in and unmapped again for every batch: 0.5 ms of
 * the api's main thread per batch on a 2-core VM, up to 19 ms.
 */
const ENCODED_FROM = 4096;
/** Buffers up to this size are kept for the next statement (one on each side); larger ones are used once. */
const KEPT_BUFFER_BYTES = 1024 * 1024;

/** The long string parameters, replaced by null, with their bytes in `buffer` one after the other. */
interface EncodedParameters { buffer: ArrayBuffer; slices: Array<[index: number, length: number]> }

function encodeLongStrings(params: unknown[], spare: ArrayBuffer | null): { params: unknown[]; encoded?: EncodedParameters } {
  let bytes = 0;
  const long: number[] = [];
  params.forEach((value, index) => {
    if (typeof value === 'string' && value.length >= ENCODED_FROM) {
      long.push(index);
      bytes += Buffer.byteLength(value);
    }
  });
  if (long.length === 0) return { params };
  const buffer = spare && spare.byteLength >= bytes ? spare : new ArrayBuffer(bytes <= KEPT_BUFFER_BYTES ? 2 ** Math.ceil(Math.log2(bytes)) : bytes);
  const view = Buffer.from(buffer);
  const rest = [...params];
  const slices: EncodedParameters['slices'] = [];
  let offset = 0;
  for (const index of long) {
    const length = view.write(params[index] as string, offset);
    slices.push([index, length]);
    offset += length;
    rest[index] = null;
  }
  return { params: rest, encoded: { buffer, slices } };
}
interface Notification { notification: { channel: string; payload: string } }

/**
 * PGlite's worker yields the CPU to the api's own thread and to the processes beside it. On one machine with the
 * services it evaluates (`npm start` beside the app), the app's one thread sets the pace: at the same priority the
 * worker took cores from it, and a 2-core machine sat 19 % idle while rows waited for the app. Niced, the worker
 * still keeps up (a write holds many rows, and the runner starts no row while twice a write's worth wait), and the
 * zero-latency runner went from 69–81 % to 79–85 % of the bare loop per 5 000-row run, the machine 11–14 % idle.
 */
const WORKER_NICENESS = 10;

/** Where the installed PGlite is, for the worker and for the children that initialise data directories. */
export const PGLITE_MODULE = require.resolve('@electric-sql/pglite');

/** An error as PGlite threw it in the worker: same message, SQLSTATE `code` and details, so callers tell them apart. */
function rebuilt(error: Reply['error']): Error {
  return Object.assign(new Error(error!.message), error);
}

/**
 * PGlite in a worker thread. Its WASM runs a statement synchronously; on the api's own thread that stalls every
 * request and every row in flight for as long as a write takes. In a worker it runs beside them, on another core.
 * The worker holds the process open only while a statement is pending.
 */
export function openPgliteSession(options: { dataDir?: string; clusterTarball?: string; startParams: string[] }): Promise<PgliteSession> {
  const worker = new Worker(WORKER_SCRIPT, {
    eval: true,
    workerData: { pglite: PGLITE_MODULE, options, niceness: WORKER_NICENESS, keptBufferBytes: KEPT_BUFFER_BYTES },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let lastId = 0;
  let gone: Error | null = null;
  let spare: ArrayBuffer | null = null;
  const settle = (reply: Reply): void => {
    if (reply.buffer && reply.buffer.byteLength <= KEPT_BUFFER_BYTES) spare = reply.buffer;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.error) waiting?.reject(rebuilt(reply.error));
    else waiting?.resolve(reply.result);
  };
  const failAll = (error: Error): void => {
    gone ??= error;
    for (const id of [...pending.keys()]) settle({ id, error: { message: error.message } });
  };
  const listeners: Array<(channel: string, payload: string) => void> = [];
  worker.on('message', (message: Reply | Notification) => {
    if (!('notification' in message)) return settle(message);
    for (const listener of listeners) listener(message.notification.channel, message.notification.payload);
  });
  worker.on('error', (error) => failAll(new Error(`the PGlite worker failed: ${error.message}; the database is not queryable`)));
  worker.on('exit', () => failAll(new Error('the PGlite worker has exited; the database is not queryable')));

  const send = (message: { sql?: string; params?: unknown[]; close?: boolean }, id = (lastId += 1)): Promise<unknown> => {
    if (gone) return Promise.reject(gone);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      if (id === 0) return;
      if (!message.params) return worker.postMessage({ id, ...message });
      const { params, encoded } = encodeLongStrings(message.params, spare);
      if (encoded?.buffer === spare) spare = null;
      worker.postMessage({ id, ...message, params, encoded }, encoded ? [encoded.buffer] : []);
    });
  };
  const session: PgliteSession = {
    query: (sql, params) => send({ sql, params }),
    onNotification: (listener) => { listeners.push(listener); },
    async close() {
      try {
        const closing = send({ close: true });
        gone = new Error(CLOSED_MESSAGE);
        await closing;
      } finally {
        await worker.terminate();
      }
    },
  };
  // Message 0 is the worker's word that PGlite is open (or why not).
  return send({}, 0).then(() => session, async (error: Error) => {
    await worker.terminate();
    throw error;
  });
}
