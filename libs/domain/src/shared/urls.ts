/** `base` + `path` through the URL API: a query string or fragment in `base` can never swallow `path`. */
export function endpointUrl(base: string, path: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return url.toString();
}

/** A URL fit for logs and answers: no user name or password. */
export function redactUrlCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.username && !parsed.password) return url;
    parsed.username = '';
    parsed.password = '';
    const shown = parsed.toString();
    // The URL API writes "http://h" as "http://h/": keep the shape the URL was given in.
    return parsed.pathname === '/' && !parsed.search && !parsed.hash && !url.endsWith('/') ? shown.slice(0, -1) : shown;
  } catch {
    return url;
  }
}
