/**
 * Where the console keeps what identifies its person: the session itself is the api's HttpOnly cookie, which no
 * script reads; a pasted API key (a development option) lives in this tab's sessionStorage only, never in
 * localStorage, so it ends with the tab. The picked project is no secret and is remembered across visits.
 */
const API_KEY = 'crucible.apiKey';
const PROJECT = 'crucible.project';
const CSRF_COOKIE = 'crucible_csrf';

/** Earlier consoles kept the key in localStorage: it is removed on load wherever it still lingers. */
export function forgetLegacyApiKey(): void {
  window.localStorage.removeItem(API_KEY);
}

export const readTabApiKey = (): string | null => window.sessionStorage.getItem(API_KEY);
export const storeTabApiKey = (key: string): void => window.sessionStorage.setItem(API_KEY, key);
export const forgetTabApiKey = (): void => window.sessionStorage.removeItem(API_KEY);

export const readPickedProject = (): string | null => window.localStorage.getItem(PROJECT);
export const storePickedProject = (projectId: string): void => window.localStorage.setItem(PROJECT, projectId);

/** The readable half of the session: the api sets it beside the HttpOnly session cookie, and it is echoed on changes. */
export function readCsrfToken(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}
