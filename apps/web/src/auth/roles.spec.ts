import { PROJECT_ROLES, roleAtLeast } from './roles';

describe('project roles in the console', () => {
  it('orders the five roles, each allowed what the ones before it are', () => {
    expect(PROJECT_ROLES).toEqual(['viewer', 'annotator', 'editor', 'admin', 'owner']);
    expect(roleAtLeast('owner', 'admin')).toBe(true);
    expect(roleAtLeast('admin', 'admin')).toBe(true);
    expect(roleAtLeast('editor', 'admin')).toBe(false);
    expect(roleAtLeast('viewer', 'annotator')).toBe(false);
  });
});
