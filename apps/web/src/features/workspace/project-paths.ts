/**
 * Where the console goes when the person switches project: the same screen in the other project, except that a page
 * about one app, test set or evaluation has no twin there, so its list is shown instead.
 */
export function sameScreenElsewhere(pathname: string): string {
  const [section, page] = pathname.split('/').filter(Boolean);
  if (section === 'settings' && page) return `/settings/${page}`;
  return `/${section ?? 'apps'}`;
}
