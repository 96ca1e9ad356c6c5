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
}

export const numberResult = (value: number): Result => ({ type: 'number', value });
export const boolResult = (value: boolean): Result => ({ type: 'bool', value });
export const errorResult = (message: string, stacktrace?: string): Result => ({
  type: 'error',
  value: null,
  error: stacktrace ? { message, stacktrace } : { message },
});
export const isErrorResult = (result: Result): boolean => result.type === 'error';
