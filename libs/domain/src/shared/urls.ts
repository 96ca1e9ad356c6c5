/** `base` + `path` through the URL API: a query string or fragment in `base` can never swallow `path`. */
export function endpointUrl(base: string, path: string): string {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return url.toString();
}

/** `scheme://user:password@`: what is cut when the URL API cannot parse the rest. */
const USER_INFO = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i;
/** A URL written inside a message: a scheme, `://`, then anything up to a space or a quote. */
const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/**
 * The one formatter of a URL fit for logs and answers: no user name or password. Every message that names a
 * service, webhook or variant URL shows it through this (or through `redactUrlsIn`, which calls it).
 */
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
    return url.replace(USER_INFO, '$1');
  }
}

/** A message with every URL in it redacted: the last guard before a text that may name one is answered or logged. */
export function redactUrlsIn(text: string): string {
  return text.includes('://') ? text.replace(URL_IN_TEXT, redactUrlCredentials) : text;
}
