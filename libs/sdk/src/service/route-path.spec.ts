import { createService, Field, RoutePathError, validateRoutePath } from '../index';

class Cfg {
  @Field({ default: 'x' }) a!: string;
}

describe('route paths', () => {
  it.each(['/', '/summarize', '/rag/embed', '/v1.2/run_fast-now~'])('accepts %s', (path) => {
    expect(validateRoutePath(path)).toBe(path);
  });

  it.each([
    ['summarize', /must start with '\/'/],
    ['', /must start with '\/'/],
    ['/sum marize', /spaces are not allowed/],
    ['/summarize?x=1', /'\?' and '#' are not allowed/],
    ['/summarize#top', /'\?' and '#' are not allowed/],
    ['//summarize', /empty segments/],
    ['/a//b', /empty segments/],
    ['/summarize/', /must not end with '\/'/],
    ['/a/../b', /'\.' and '\.\.' segments/],
    ['/caf\u00e9', /may only contain/],
    ['/a:b', /may only contain/],
  ])('rejects %j at declaration', (path, message) => {
    expect(() => createService().route(path, Cfg)).toThrow(RoutePathError);
    expect(() => createService().route(path, Cfg)).toThrow(message);
  });

  it('rejects declaring the same route twice on one service, but not on two services', () => {
    const service = createService();
    service.route('/a', Cfg)(async () => 1);
    expect(() => service.route('/a', Cfg)(async () => 2)).toThrow('Route /a is already declared on this service');
    expect(() => createService().route('/a', Cfg)(async () => 3)).not.toThrow();
  });
});
