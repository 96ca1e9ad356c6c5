/** One path segment: RFC 3986 unreserved characters only, so the route is the same URL everywhere. */
const SEGMENT = /^[A-Za-z0-9\-._~]+$/;

export class RoutePathError extends Error {
  constructor(path: unknown, problem: string) {
    super(`Invalid route path ${JSON.stringify(path)}: ${problem}`);
    this.name = 'RoutePathError';
  }
}

/** Throws unless `path` is '/' or '/seg(/seg)*' (no query, fragment, spaces, empty or dot segments, trailing slash). */
export function validateRoutePath(path: unknown): string {
  if (typeof path !== 'string') throw new RoutePathError(path, 'it must be a string');
  if (!path.startsWith('/')) throw new RoutePathError(path, "it must start with '/'");
  if (path === '/') return path;
  if (/[?#]/.test(path)) throw new RoutePathError(path, "'?' and '#' are not allowed");
  if (/\s/.test(path)) throw new RoutePathError(path, 'spaces are not allowed');
  if (path.endsWith('/')) throw new RoutePathError(path, "it must not end with '/'");
  const segments = path.slice(1).split('/');
  if (segments.some((segment) => segment === '')) throw new RoutePathError(path, "empty segments ('//') are not allowed");
  if (segments.some((segment) => segment === '.' || segment === '..')) throw new RoutePathError(path, "'.' and '..' segments are not allowed");
  const bad = segments.find((segment) => !SEGMENT.test(segment));
  if (bad) throw new RoutePathError(path, `segment "${bad}" may only contain letters, digits, '-', '.', '_' and '~'`);
  return path;
}

/** The endpoints a route answers on: playground ones take {inputs, config}, deployed ones a reference. */
export function routeEndpoints(path: string): { playground: string[]; deployed: string[] } {
  if (path === '/') return { playground: ['/playground/run', '/generate'], deployed: ['/run', '/generate_deployed'] };
  return { playground: [`/playground/run${path}`], deployed: [`/run${path}`] };
}
