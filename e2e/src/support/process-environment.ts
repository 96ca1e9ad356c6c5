/**
 * Sets (a string) or unsets (undefined) environment variables for the api a suite starts in this process, and answers
 * the function that puts back what was there before (unsetting again what was unset).
 */
export function overrideEnvironment(values: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]));
  const apply = (entries: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(values);
  return () => apply(previous);
}
