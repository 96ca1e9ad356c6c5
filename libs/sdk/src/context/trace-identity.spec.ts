import { setTimeout as sleep } from 'node:timers/promises';
import { identityFromHeaders, setTraceIdentity, withTraceIdentity } from './trace-identity';

describe('trace identity', () => {
  const headers = (values: Record<string, string>) => (name: string) => values[name];

  it('takes the session and user a request names, leaving out what the api would refuse', () => {
    expect(identityFromHeaders(headers({ 'x-session-id': 'chat-1', 'x-user-id': 'ada' }))).toEqual({ sessionId: 'chat-1', userId: 'ada' });
    expect(identityFromHeaders(headers({ 'x-session-id': '', 'x-user-id': 'u'.repeat(129) }))).toEqual({});
    expect(identityFromHeaders(headers({}))).toEqual({});
  });

  it('lets a route set them for its own call only, over what the headers said', async () => {
    const first = { sessionId: 'from-header' };
    const second = {};
    await Promise.all([
      withTraceIdentity(first, async () => {
        await sleep(5);
        setTraceIdentity({ userId: 'ada' });
      }),
      withTraceIdentity(second, async () => {
        setTraceIdentity({ sessionId: 'set-in-route' });
        await sleep(1);
      }),
    ]);
    expect(first).toEqual({ sessionId: 'from-header', userId: 'ada' });
    expect(second).toEqual({ sessionId: 'set-in-route' });
  });

  it('does nothing outside a route, and refuses an id the api would refuse', () => {
    expect(() => setTraceIdentity({ sessionId: 'nowhere' })).not.toThrow();
    withTraceIdentity({}, () => {
      expect(() => setTraceIdentity({ sessionId: '' })).toThrow('sessionId must be a string of 1 to 128 characters');
      expect(() => setTraceIdentity({ userId: 'x'.repeat(129) })).toThrow('userId must be a string of 1 to 128 characters');
    });
  });
});
