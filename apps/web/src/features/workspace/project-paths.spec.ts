import { sameScreenElsewhere } from './project-paths';

describe('switching project', () => {
  it('keeps a settings page and a list', () => {
    expect(sameScreenElsewhere('/settings/members')).toBe('/settings/members');
    expect(sameScreenElsewhere('/testsets')).toBe('/testsets');
  });

  it('leaves a page about one thing of the old project for its list', () => {
    expect(sameScreenElsewhere('/apps/6f1c/variants/9a2b')).toBe('/apps');
    expect(sameScreenElsewhere('/evaluations/compare')).toBe('/evaluations');
  });

  it('starts at the apps from the root', () => {
    expect(sameScreenElsewhere('/')).toBe('/apps');
  });
});
