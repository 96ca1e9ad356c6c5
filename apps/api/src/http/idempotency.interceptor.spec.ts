import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { defer, lastValueFrom } from 'rxjs';
import { randomUUID } from 'node:crypto';
import { DomainError } from '@crucible/domain';
import { InMemoryIdempotencyKeyRepository, actorOf } from '@crucible/application/testing';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { RequestValidationError } from './validation-error';

describe('the Idempotency-Key interceptor', () => {
  let clock = Date.now();
  const keys = new InMemoryIdempotencyKeyRepository(() => clock);
  const interceptor = new IdempotencyInterceptor(keys);
  const actor = actorOf();
  let runs = 0;

  /** One request through the interceptor: the handler answers `answer` (or throws it, when an Error). */
  function send(key: string | undefined, body: unknown, answer: unknown = `created-${randomUUID()}`, who = actor) {
    const request = { actor: who, body, header: (name: string) => (name === 'idempotency-key' ? key : undefined) };
    const context = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({ statusCode: 200 }) }) } as unknown as ExecutionContext;
    const handler: CallHandler = {
      handle: () => defer(async () => {
        runs += 1;
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    };
    return lastValueFrom(interceptor.intercept(context, handler));
  }

  beforeEach(() => {
    runs = 0;
  });

  it('runs a request without a key every time', async () => {
    await send(undefined, { a: 1 }, 'one');
    await send(undefined, { a: 1 }, 'two');
    expect(runs).toBe(2);
  });

  it('runs the first request once and answers retries with its answer, whatever the key order, in its project only', async () => {
    const first = await send('key-1', { a: 1, b: [1, 2] });
    expect(await send('key-1', { b: [1, 2], a: 1 })).toBe(first);
    expect(runs).toBe(1);
    expect(await send('key-1', { a: 1, b: [1, 2] }, 'elsewhere', actorOf())).toBe('elsewhere');
    expect(runs).toBe(2);
  });

  it('refuses the same key with another body, at the header, and runs nothing', async () => {
    await send('key-2', { a: 1 });
    const refused = send('key-2', { a: 2 });
    await expect(refused).rejects.toBeInstanceOf(RequestValidationError);
    await expect(refused).rejects.toMatchObject({ detail: [{ loc: ['header', 'Idempotency-Key'], type: 'value_error' }] });
    expect(runs).toBe(1);
  });

  it('refuses a retry while the first request still runs (409), then replays the first answer', async () => {
    let finish: (answer: string) => void = () => undefined;
    const slow = send('key-3', { a: 1 }, new Promise<string>((resolve) => (finish = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    await expect(send('key-3', { a: 1 }, 'twice')).rejects.toMatchObject({ code: 'conflict' });
    finish('slow');
    expect(await slow).toBe('slow');
    expect(await send('key-3', { a: 1 }, 'twice')).toBe('slow');
    expect(runs).toBe(1);
  });

  it('frees the key when the request fails, so a corrected retry runs', async () => {
    await expect(send('key-4', {}, new DomainError('not_found', 'app x not found'))).rejects.toMatchObject({ code: 'not_found' });
    expect(await send('key-4', {}, 'second try')).toBe('second try');
    expect(runs).toBe(2);
  });

  it('refuses a key that is empty, too long or not visible ASCII, before running anything', async () => {
    for (const key of ['', 'k'.repeat(256), 'bad key', 'clé']) {
      await expect(send(key, {})).rejects.toMatchObject({ detail: [{ msg: 'must be 1 to 255 visible ASCII characters' }] });
    }
    expect(await send('k'.repeat(255), {}, 'longest')).toBe('longest');
    expect(runs).toBe(1);
  });

  it('forgets a key after 24 hours', async () => {
    await send('key-5', { a: 1 }, 'old');
    clock += 25 * 60 * 60 * 1000;
    expect(await send('key-5', { a: 2 }, 'new')).toBe('new');
  });
});
