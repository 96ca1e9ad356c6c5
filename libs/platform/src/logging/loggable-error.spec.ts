import { loggableError } from './loggable-error';

describe('loggableError', () => {
  it('logs no URL password, in the message (wherever it is cut) or the stack', () => {
    const url = 'http://user:s3cretpassword@service.internal:8080/';
    const short = loggableError(new Error(`cannot reach ${url}: ECONNREFUSED`));
    expect(short.message).toBe('cannot reach http://service.internal:8080/: ECONNREFUSED');
    // The 300th character falls inside the password.
    const long = loggableError(new Error(`${'x'.repeat(300 - 'http://user:s3cr'.length)}${url}\nsecond line ${url}`));
    expect(JSON.stringify(long)).not.toMatch(/s3cr/);
    expect(long.message).toMatch(/^x+http:\/\/service[.a-z]*…$/);
  });
});
