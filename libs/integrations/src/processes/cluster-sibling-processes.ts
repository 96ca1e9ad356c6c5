import type { Cluster, Worker } from 'node:cluster';
import { SiblingProcesses } from '@crucible/application';

/** A worker that does not answer within this (hung, or dying) is not waited for: it serves nothing either. */
const NOTICE_PATIENCE_MS = 5_000;

/** The messages between the workers and the primary, which relays them (`relaySiblingNotices`). */
type ClusterMessage =
  | { crucible: 'broadcast'; id: number; topic: string; projectId: string }
  | { crucible: 'notice'; id: number; topic: string; projectId: string }
  | { crucible: 'noticed'; id: number }
  | { crucible: 'broadcast-done'; id: number };

const isClusterMessage = (message: unknown): message is ClusterMessage =>
  typeof message === 'object' && message !== null && typeof (message as { crucible?: unknown }).crucible === 'string';

/** SiblingProcesses of a node:cluster worker: broadcasts go through the primary, which answers once every other worker has run them. */
export class ClusterSiblingProcesses extends SiblingProcesses {
  private readonly listeners = new Map<string, Array<(projectId: string) => void>>();
  private readonly waiting = new Map<number, () => void>();
  private nextId = 0;

  constructor(private readonly channel: NodeJS.Process = process) {
    super();
    channel.on('message', (message: unknown) => {
      if (!isClusterMessage(message)) return;
      if (message.crucible === 'notice') {
        for (const listener of this.listeners.get(message.topic) ?? []) listener(message.projectId);
        channel.send?.({ crucible: 'noticed', id: message.id } satisfies ClusterMessage);
      } else if (message.crucible === 'broadcast-done') {
        this.waiting.get(message.id)?.();
      }
    });
  }

  broadcast(topic: string, projectId: string): Promise<void> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(done, NOTICE_PATIENCE_MS);
      timer.unref();
      const waiting = this.waiting;
      function done(): void {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      }
      waiting.set(id, done);
      // Disconnected from the primary (it is going away): nobody is left to tell.
      if (!this.channel.connected || !this.channel.send?.({ crucible: 'broadcast', id, topic, projectId } satisfies ClusterMessage)) done();
    });
  }

  subscribe(topic: string, listener: (projectId: string) => void): void {
    const listeners = this.listeners.get(topic) ?? [];
    listeners.push(listener);
    this.listeners.set(topic, listeners);
  }
}

/**
 * The primary's part: a worker's broadcast is handed to every other live worker, and the worker is told it is done
 * once each has answered (or exited, or NOTICE_PATIENCE_MS passed).
 */
export function relaySiblingNotices(cluster: Cluster): void {
  let nextId = 0;
  const pending = new Map<number, { left: Set<Worker>; finish: () => void }>();
  const settle = (id: number, worker: Worker) => {
    const entry = pending.get(id);
    if (!entry) return;
    entry.left.delete(worker);
    if (entry.left.size === 0) entry.finish();
  };
  cluster.on('message', (from: Worker, message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.crucible === 'noticed') return settle(message.id, from);
    if (message.crucible !== 'broadcast') return;
    const id = nextId++;
    const others = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && worker !== from && worker.isConnected());
    const timer = setTimeout(() => pending.get(id)?.finish(), NOTICE_PATIENCE_MS);
    const finish = () => {
      clearTimeout(timer);
      pending.delete(id);
      if (from.isConnected()) from.send({ crucible: 'broadcast-done', id: message.id } satisfies ClusterMessage);
    };
    pending.set(id, { left: new Set(others), finish });
    if (others.length === 0) return finish();
    for (const worker of others) worker.send({ crucible: 'notice', id, topic: message.topic, projectId: message.projectId } satisfies ClusterMessage);
  });
  cluster.on('exit', (worker) => {
    for (const id of [...pending.keys()]) settle(id, worker);
  });
}
