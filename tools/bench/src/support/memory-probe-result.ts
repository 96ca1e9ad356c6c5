/** Starts the memory probe's result line: a warning the api logs at close can come after it on the same stdout. */
export const MEMORY_PROBE_RESULT = 'memory-probe result: ';
