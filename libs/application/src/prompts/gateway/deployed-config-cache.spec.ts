import { HeardChangeMarks } from '../../testing';
import { NoSiblingProcesses } from '../../shared/sibling-processes';
import { type DeployedConfig, DeployedConfigCache } from './deployed-config-cache';

const config = (revision: number): DeployedConfig => ({
  appId: 'app', environment: 'production', variantId: 'v', variantRevisionId: `r${revision}`, revision, parameters: {}, invocationUrl: 'crucible:builtin:completion:v1',
});

describe('DeployedConfigCache', () => {
  it('loads a deployment once while nothing is heard, and again as soon as a change of the project is heard', async () => {
    const marks = new HeardChangeMarks();
    const cache = new DeployedConfigCache(new NoSiblingProcesses(), marks);
    let deployed = 1;
    let loads = 0;
    const get = (projectId = 'p') => cache.get(projectId, 'app', 'production', async () => (loads++, config(deployed)));
    expect((await get()).revision).toBe(1);
    expect((await get()).revision).toBe(1);
    expect(loads).toBe(1);

    deployed = 2;
    marks.hear('deployments', 'other project');
    expect((await get()).revision).toBe(1);
    marks.hear('deployments', 'p');
    expect((await get()).revision).toBe(2);
    expect(loads).toBe(2);
  });
});
