import { ChangeMarks } from '../../shared/change-marks';
import { NoSiblingProcesses } from '../../shared/sibling-processes';
import { type DeployedConfig, DeployedConfigCache } from './deployed-config-cache';

/** What this process has heard, moved by hand as a notice from another api server would move it. */
class HeardMarks extends ChangeMarks {
  readonly marks = new Map<string, number>();

  markOf(_kind: 'deployments', projectId: string): string | null {
    return String(this.marks.get(projectId) ?? 0);
  }

  hear(projectId: string): void {
    this.marks.set(projectId, (this.marks.get(projectId) ?? 0) + 1);
  }
}

const config = (revision: number): DeployedConfig => ({
  appId: 'app', environment: 'production', variantId: 'v', variantRevisionId: `r${revision}`, revision, parameters: {}, invocationUrl: 'crucible:builtin:completion:v1',
});

describe('DeployedConfigCache', () => {
  it('loads a deployment once while nothing is heard, and again as soon as a change of the project is heard', async () => {
    const marks = new HeardMarks();
    const cache = new DeployedConfigCache(new NoSiblingProcesses(), marks);
    let deployed = 1;
    let loads = 0;
    const get = (projectId = 'p') => cache.get(projectId, 'app', 'production', async () => (loads++, config(deployed)));
    expect((await get()).revision).toBe(1);
    expect((await get()).revision).toBe(1);
    expect(loads).toBe(1);

    deployed = 2;
    marks.hear('other project');
    expect((await get()).revision).toBe(1);
    marks.hear('p');
    expect((await get()).revision).toBe(2);
    expect(loads).toBe(2);
  });
});
