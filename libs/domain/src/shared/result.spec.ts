import { errorResult } from './result';

describe('errorResult', () => {
  it('carries the message and a null value', () => {
    expect(errorResult('boom')).toEqual({ type: 'error', value: null, error: { message: 'boom' } });
  });
});
