/**
 * The other api processes of this server (CRUCIBLE_API_WORKERS), each with caches of its own. A change that drops
 * a cache entry here drops it there too before the change is answered, so the next call on any of them sees it.
 */
export abstract class SiblingProcesses {
  /** Runs the topic's listeners on every other process with the project; resolves once each has. */
  abstract broadcast(topic: string, projectId: string): Promise<void>;
  /** What this process does when a sibling broadcasts the topic. */
  abstract subscribe(topic: string, listener: (projectId: string) => void): void;
}

/** One api process: nobody else to tell. */
export class NoSiblingProcesses extends SiblingProcesses {
  async broadcast(): Promise<void> {}
  subscribe(): void {}
}
