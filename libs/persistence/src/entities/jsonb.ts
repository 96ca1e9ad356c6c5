/**
 * Any value of a jsonb column. `unknown` by another name: TypeORM's insert and update types read `unknown` as `{}`,
 * which refuses null, and so refused every domain record holding one (hence the casts this replaced).
 */
export type JsonValue = NonNullable<unknown> | null | undefined;
export type JsonObject = Record<string, JsonValue>;
