import { HeldUnitOfWork, InMemoryUnitOfWork } from '../testing';
import { ProjectReadCache } from './project-read-cache';
import { SiblingProcesses } from './sibling-processes';

/** The workers of one server, relaying a broadcast to every other one as node:cluster's primary does. */
class SiblingGroup {
  private readonly members: Array<Map<string, Array<(projectId: string) => void>>> = [];

  join(): SiblingProcesses {
    const listeners = new Map<string, Array<(projectId: string) => void>>();
    this.members.push(listeners);
    const others = () => this.members.filter((member) => member !== listeners);
    return new (class extends SiblingProcesses {
      async broadcast(topic: string, projectId: string): Promise<void> {
        for (const member of others()) for (const listener of member.get(topic) ?? []) listener(projectId);
      }

      subscribe(topic: string, listener: (projectId: string) => void): void {
        listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
      }
    })();
  }
}

describe('ProjectReadCache', () => {
  it('reads a project\'s entry once, and again after the project was dropped', async () => {
    const cache = new ProjectReadCache(60_000, new InMemoryUnitOfWork());
    let reads = 0;
    const read = () => cache.read('p', 'pricer', async () => ++reads);
    expect([await read(), await read()]).toEqual([1, 1]);
    await cache.dropProject('p');
    expect(await read()).toBe(2);
  });

  it('drops the project in every sibling worker before the drop resolves, and in those only', async () => {
    const group = new SiblingGroup();
    const [here, there] = [group.join(), group.join()].map((siblings) => new ProjectReadCache(60_000, new InMemoryUnitOfWork(), siblings));
    const loads = { here: 0, there: 0, other: 0 };
    await here!.read('p', 'k', async () => ++loads.here);
    await there!.read('p', 'k', async () => ++loads.there);
    await there!.read('q', 'k', async () => ++loads.other);

    await here!.dropProject('p');
    await there!.read('p', 'k', async () => ++loads.there);
    await there!.read('q', 'k', async () => ++loads.other);
    expect(loads).toEqual({ here: 1, there: 2, other: 1 });
  });

  it('tells the siblings only once the change has committed: a sibling reading meanwhile would keep the old rows', async () => {
    const group = new SiblingGroup();
    const unit = new HeldUnitOfWork();
    const here = new ProjectReadCache(60_000, unit, group.join());
    const there = new ProjectReadCache(60_000, new InMemoryUnitOfWork(), group.join());
    let rows = 'old';
    await there.read('p', 'k', async () => rows);
    rows = 'new (not committed)';
    await here.dropProject('p');
    // Before the commit, the sibling still answers what it read (a read now would see no change either).
    expect(await there.read('p', 'k', async () => rows)).toBe('old');
    rows = 'new';
    await unit.commit();
    expect(await there.read('p', 'k', async () => rows)).toBe('new');
  });
});
