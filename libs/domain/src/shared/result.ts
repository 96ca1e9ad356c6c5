/** Result object of the service interface: status, aggregated results, costs and latency all use it. */
export type ResultType = 'status' | 'number' | 'bool' | 'text' | 'object' | 'error' | 'latency' | 'cost';

export interface ResultError {
  message: string;
  stacktrace?: string;
}

export interface Result {
  type: ResultType;
  value?: unknown;
  error?: ResultError | null;
  /** Why an LLM judge gave this score, in its own words (structured-output judges only). */
  reasoning?: string;
}

export const numberResult = (value: number): Result => ({ type: 'number', value });
/** A judge's score with the reasoning it gave. */
export const judgedResult = (value: number, reasoning: string): Result => ({ type: 'number', value, reasoning });
export const boolResult = (value: boolean): Result => ({ type: 'bool', value });
export const errorResult = (message: string, stacktrace?: string): Result => ({
  type: 'error',
  value: null,
  error: stacktrace ? { message, stacktrace } : { message },
});
export const isErrorResult = (result: Result): boolean => result.type === 'error';
