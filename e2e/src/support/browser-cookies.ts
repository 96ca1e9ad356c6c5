import { type CrucibleClient, createCrucibleClient } from '@crucible/client';

/** The cookies a browser keeps from an answer (name → value), and the Set-Cookie lines they came in. */
export interface BrowserCookies {
  cookies: Record<string, string>;
  setCookies: string[];
}

export function cookiesOf(response: { headers: Headers }): BrowserCookies {
  const setCookies = response.headers.getSetCookie();
  const cookies = Object.fromEntries(setCookies.map((line) => {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))];
  }));
  return { cookies, setCookies };
}

export const cookieHeader = (browser: BrowserCookies): string =>
  Object.entries(browser.cookies).map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');

/**
 * The typed client as the console's browser sends requests for a signed-in person: the session and CSRF cookies, the
 * CSRF header equal to its cookie, and the api's own Origin.
 */
export function sessionClient(baseUrl: string, browser: BrowserCookies, fetch?: (request: Request) => Promise<Response>): CrucibleClient {
  return createCrucibleClient({
    baseUrl, fetch,
    headers: { cookie: cookieHeader(browser), origin: baseUrl, 'x-crucible-csrf': browser.cookies['crucible_csrf'] ?? '' },
  });
}
