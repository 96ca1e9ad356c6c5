import type { ArgumentsHost } from '@nestjs/common';
import pino from 'pino';
import { QueryFailedError } from 'typeorm';
import { LlmProviderError } from '@crucible/application';
import { DomainError } from '@crucible/domain';
import { HttpErrorFilter } from './exception.filter';

/** A response that records what the filter answered, and the host handing it over with a request id. */
function answering(requestId: string): { answered: { status?: number; body?: unknown; headers?: Record<string, string> }; host: ArgumentsHost } {
  const answered: { status?: number; body?: unknown; headers?: Record<string, string> } = {};
  const response = {
    set(headers: Record<string, string>) {
      answered.headers = headers;
      return this;
    },
    status(code: number) {
      answered.status = code;
      return this;
    },
    json(body: unknown) {
      answered.body = body;
    },
  };
  const host = { switchToHttp: () => ({ getResponse: () => response, getRequest: () => ({ id: requestId }) }) } as unknown as ArgumentsHost;
  return { answered, host };
}

describe('HttpErrorFilter', () => {
  it('answers 500 without internals and logs a driver error with the request id, without its query parameters or detail', () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const driverError = Object.assign(new Error('duplicate key value violates unique constraint "api_keys_pkey"'), {
      code: '23505', detail: 'Key (key_hash)=(5e884898da28047151d0e56f8dc62927) already exists.',
    });
    const error = new QueryFailedError('INSERT INTO api_keys VALUES ($1, $2)', ['5e884898da28047151d0e56f8dc62927', '{"q":"row secret"}'], driverError);
    const { answered, host } = answering('req-7');

    new HttpErrorFilter(logger).catch(error, host);

    expect(answered).toEqual({ status: 500, body: { detail: 'internal server error' } });
    expect(lines).toHaveLength(1);
    const logged = JSON.parse(lines[0]!);
    expect(logged.request_id).toBe('req-7');
    expect(logged.error).toMatchObject({ type: 'QueryFailedError', code: '23505', message: expect.stringMatching(/duplicate key/) });
    expect(lines[0]).not.toContain('5e884898da28047151d0e56f8dc62927');
    expect(lines[0]).not.toContain('row secret');
    expect(lines[0]).not.toContain('INSERT INTO');
  });

  it('answers a too_busy refusal 429 with {detail} and a Retry-After in whole seconds', () => {
    const { answered, host } = answering('req-8');

    new HttpErrorFilter(pino({ level: 'silent' })).catch(DomainError.tooBusy('2 comparisons are being computed already', 2.4), host);

    expect(answered).toEqual({ status: 429, body: { detail: '2 comparisons are being computed already' }, headers: { 'Retry-After': '3' } });
  });

  it("answers a provider's refusal as 502 {detail}: its status and message excerpt", () => {
    const { answered, host } = answering('req-8');
    const message = 'anthropic/claude-3-5-haiku-latest via claude: the provider answered 429: Rate limit reached';
    new HttpErrorFilter(pino({ level: 'silent' })).catch(new LlmProviderError(429, message), host);
    expect(answered).toEqual({ status: 502, body: { detail: message } });
  });
});
