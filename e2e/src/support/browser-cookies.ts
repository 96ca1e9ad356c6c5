import type { HttpResponse } from './http-client';

/** The cookies a browser keeps from an answer (name → value), and the Set-Cookie lines they came in. */
export interface BrowserCookies {
  cookies: Record<string, string>;
  setCookies: string[];
}

export function cookiesOf(response: HttpResponse): BrowserCookies {
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
