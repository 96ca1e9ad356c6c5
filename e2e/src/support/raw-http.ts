import { connect, type Socket } from 'node:net';
import { once } from 'node:events';

export interface UploadOutcome {
  /** The status line's code, or undefined when the server closed without answering. */
  status?: number;
  /** What the client had written of the body when the first byte of the answer arrived. */
  sentWhenAnswered: number;
  answer: string;
}

/**
 * Posts a body of `bodyBytes` chunk by chunk, each chunk only once the socket has room (so the client can never
 * be ahead of the server by more than the kernel's buffers), and stops writing as soon as an answer arrives.
 */
export async function uploadUntilAnswered(
  baseUrl: string, path: string, headers: Record<string, string>, bodyBytes: number, chunk = Buffer.alloc(64 * 1024, 'a'),
): Promise<UploadOutcome> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  let answer = '';
  let answered = false;
  let sent = 0;
  let sentWhenAnswered = 0;
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => undefined); // writes after the server hung up fail: expected
  socket.on('data', (data: Buffer) => {
    if (!answered) sentWhenAnswered = sent;
    answered = true;
    answer += data.toString('latin1');
  });
  const head = Object.entries({ host: `${hostname}:${port}`, 'content-length': String(bodyBytes), ...headers })
    .map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`);
  while (sent < bodyBytes && !answered && !socket.destroyed) {
    const piece = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent));
    sent += piece.length;
    if (!socket.write(piece)) await roomOrAnswer(socket);
  }
  if (!answered) await Promise.race([once(socket, 'data'), ended]);
  if (!answered) sentWhenAnswered = sent;
  socket.end();
  await ended;
  const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
  return { status: status ? Number(status) : undefined, sentWhenAnswered, answer };
}

function roomOrAnswer(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done).off('data', done).off('close', done);
      resolve();
    };
    socket.on('drain', done).on('data', done).on('close', done);
  });
}

/** Opens a socket that sends half a request header and then nothing; resolves how the server ended it. */
export async function slowSocket(baseUrl: string): Promise<{ closed: Promise<{ answer: string }>; destroy(): void }> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => undefined);
  let answer = '';
  socket.on('data', (data: Buffer) => { answer += data.toString('latin1'); });
  const closed = new Promise<{ answer: string }>((resolve) => socket.on('close', () => resolve({ answer })));
  // A socket over the cap may be reset before it connects: 'connect' never comes, 'close' does.
  await new Promise((resolve) => socket.once('connect', resolve).once('close', resolve));
  if (!socket.destroyed) socket.write(`GET /health HTTP/1.1\r\nhost: ${hostname}\r\n`);
  return { closed, destroy: () => socket.destroy() };
}

/** Resolves with the first `count` of `promises` to settle, in the order they did. */
export function firstSettled<T>(promises: Array<Promise<T>>, count: number): Promise<T[]> {
  const settled: T[] = [];
  return new Promise((resolve) => promises.forEach((promise) => void promise.then((value) => {
    settled.push(value);
    // A copy: the rest go on settling into `settled` after this resolves.
    if (settled.length === count) resolve(settled.slice());
  })));
}
