import { Controller, type INestApplication, Post, UseGuards } from '@nestjs/common';
import { leanRoute } from './lean-route';

/** Start-up refusals only read the controller's decorators and the two tables; the app is read at the first request. */
const app = undefined as unknown as INestApplication;
const noMatch = () => undefined;
const serve = async () => undefined;

@Controller('apps')
class Gateway {
  @Post(':app_id/invoke')
  invoke(): void {}

  @Post()
  create(): void {}

  @Post(':app_id/unlisted')
  unlisted(): void {}
}

class RefuseAll {
  canActivate(): boolean {
    return false;
  }
}

@Controller('apps')
class GuardedGateway {
  @Post(':app_id/invoke')
  @UseGuards(RefuseAll)
  invoke(): void {}
}

describe('leanRoute', () => {
  it('takes a notAudited operation of the permission table without enhancers of its own', () => {
    expect(typeof leanRoute(app, { controller: Gateway, handler: 'invoke', match: noMatch, serve })).toBe('function');
  });

  it('refuses an operation the audit interceptor would record', () => {
    expect(() => leanRoute(app, { controller: Gateway, handler: 'create', match: noMatch, serve })).toThrow('POST /apps must be notAudited');
  });

  it('refuses an operation missing from the permission table', () => {
    expect(() => leanRoute(app, { controller: Gateway, handler: 'unlisted', match: noMatch, serve }))
      .toThrow('permission table: POST /apps/{app_id}/unlisted');
  });

  it('refuses a route with guards of its own, which it would not run', () => {
    expect(() => leanRoute(app, { controller: GuardedGateway, handler: 'invoke', match: noMatch, serve })).toThrow('__guards__');
  });
});
