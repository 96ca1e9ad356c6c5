import { spawnApiProcess } from './support/api-process';

/** The api is started as `npm start` starts it, with one bad variable; it must refuse to start and say which. */
describe('startup configuration', () => {
  it.each([
    ['PORT', 'not-a-port', /PORT must be a whole number from 0 to 65535/],
    ['RUNNER_CONCURRENCY', '0', /RUNNER_CONCURRENCY must be at least 1/],
    ['DATABASE_URL', 'mysql://root:hunter2@db/crucible', /DATABASE_URL must be a postgres:\/\/ URL/],
    ['CRUCIBLE_TRACE_RETENTION_DAYS', '-1', /CRUCIBLE_TRACE_RETENTION_DAYS must be a whole number/],
  ])('an invalid %s stops the api with a message naming it', async (variable, value, message) => {
    const api = await spawnApiProcess({ [variable]: value });
    const code = await api.exited;
    expect(code).toBe(1);
    expect(api.output()).toMatch(message);
    expect(api.output()).toMatch(/^Crucible api failed to start: invalid environment:/m);
    expect(api.output()).not.toContain('hunter2');
    expect(api.output()).not.toMatch(/\n\s+at /);
  });
});
