import { redactUrlCredentials, redactUrlsIn } from './urls';

describe('redactUrlCredentials', () => {
  it('drops the user name and password and keeps the rest of the URL as written', () => {
    expect(redactUrlCredentials('http://user:s3cret@127.0.0.1:9/svc?x=1')).toBe('http://127.0.0.1:9/svc?x=1');
    expect(redactUrlCredentials('http://user:s3cret@localhost:9')).toBe('http://localhost:9');
    expect(redactUrlCredentials('https://token@example.com/')).toBe('https://example.com/');
    expect(redactUrlCredentials('http://localhost:9/a@b')).toBe('http://localhost:9/a@b');
  });

  it('cuts the credentials even from a URL the URL API refuses', () => {
    expect(redactUrlCredentials('http://user:s3cret@exa mple.com:99999/')).toBe('http://exa mple.com:99999/');
  });
});

describe('redactUrlsIn', () => {
  it('redacts every URL inside a message and leaves the rest alone', () => {
    const message = 'the service at http://user:s3cret@127.0.0.1:9/svc answered 404; see "https://a:b@example.com/x" or ftp://c:d@h';
    expect(redactUrlsIn(message)).toBe('the service at http://127.0.0.1:9/svc answered 404; see "https://example.com/x" or ftp://h');
    expect(redactUrlsIn('no URL here: user:s3cret@host')).toBe('no URL here: user:s3cret@host');
    expect(redactUrlsIn('cannot reach http://127.0.0.1:9/: ECONNREFUSED')).toBe('cannot reach http://127.0.0.1:9/: ECONNREFUSED');
  });
});
