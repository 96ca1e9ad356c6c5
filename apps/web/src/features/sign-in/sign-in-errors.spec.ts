import { ApiError } from '../../api/api-error';
import { signInError, waitInWords } from './sign-in-errors';

describe('a refused sign-in in words', () => {
  it('says the same for an unknown email and a wrong password (both 401)', () => {
    expect(signInError(new ApiError(401, 'invalid email or password'))).toBe('That email and password do not match an account. Check both and try again.');
  });

  it('tells a throttled person how long to wait, from Retry-After', () => {
    expect(signInError(new ApiError(429, 'invalid email or password', 42))).toBe('Too many failed sign-ins: wait 42 seconds, then try again.');
    expect(signInError(new ApiError(429, 'invalid email or password', 1))).toBe('Too many failed sign-ins: wait 1 second, then try again.');
    expect(signInError(new ApiError(429, 'invalid email or password', 14 * 60 + 5))).toBe('Too many failed sign-ins: wait about 15 minutes, then try again.');
    expect(signInError(new ApiError(429, 'invalid email or password'))).toBe('Too many failed sign-ins: wait a while, then try again.');
  });

  it('passes any other answer on as the api worded it', () => {
    expect(signInError(new ApiError(403, 'the Origin https://evil.example is not this api\'s own'))).toBe('the Origin https://evil.example is not this api\'s own');
    expect(signInError(new TypeError('Failed to fetch'))).toBe('The api cannot be reached. Is it running?');
  });

  it('rounds long waits up to minutes', () => {
    expect(waitInWords(89)).toBe('89 seconds');
    expect(waitInWords(90)).toBe('about 2 minutes');
  });
});
