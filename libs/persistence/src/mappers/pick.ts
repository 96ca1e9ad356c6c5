/**
 * The listed fields of a record and no others. Every entity mapper starts from it, both ways (a repository then makes
 * the entity with `repository.create()`), so a stray ORM property or a missing column never leaks either way.
 */
export const pick = <T>(source: T, keys: ReadonlyArray<keyof T>): T =>
  Object.fromEntries(keys.map((key) => [key, source[key]])) as T;
