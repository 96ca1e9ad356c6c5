/** Fills `{name}` placeholders from the inputs; a placeholder without an input is an error, not silent text. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (!(name in values)) throw new Error(`The prompt template needs the input "${name}", which the request does not give`);
    const value = values[name];
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}
