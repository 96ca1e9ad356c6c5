// eslint-disable-next-line no-control-regex -- NUL is exactly what this removes
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** JSON.stringify writes NUL as `\u0000` and a lone surrogate as `\udXXX`: text that holds neither needs no cleaning. */
const MAY_NEED_CLEANING = /\\u0000|\\ud[89a-f][0-9a-f]{2}/i;

/** Text the api stores: NUL characters removed, each unpaired surrogate (a cut emoji) replaced by U+FFFD. */
export function exportableText(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '\ufffd');
}

/**
 * A batch's JSON body, its strings and keys cleaned (exportableText) of what the api would refuse a trace for: one
 * stray NUL in a model's answer must not cost the trace. Values pass through JSON first, so dates and toJSON apply.
 */
export function exportableJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (!MAY_NEED_CLEANING.test(text)) return text;
  return JSON.stringify(JSON.parse(text, (_key, item: unknown) => {
    if (typeof item === 'string') return exportableText(item);
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const cleaned: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(item)) cleaned[exportableText(key)] = field;
    return cleaned;
  }));
}
