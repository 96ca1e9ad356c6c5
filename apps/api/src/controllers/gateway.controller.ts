import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import { InvokeAppUseCase, StreamAppUseCase } from '@crucible/application';
import { CurrentActor, requestActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import type { LeanRoute } from '../http/lean-route';
import { parseDto } from '../http/validation.pipe';
import { abortOnDisconnect, sendEventStream, wantsEventStream } from '../http/server-sent-events';
import { gatewayEvents } from '../presenters/stream-event.presenter';
import { gatewayAnswerSchema, InvokeAppDto } from '../wire/gateway.wire';
import { openApiSchema } from '../wire/common.wire';


const appIdPipe = new IdPipe('app');

/** The gateway (ARCHITECTURE §16): an app's deployed workflow behind one URL, as JSON or Server-Sent Events. */
@ApiTags('gateway')
@ApiSecurity('ApiKey')
@Controller('apps')
export class GatewayController {
  constructor(
    private readonly invokeApp: InvokeAppUseCase,
    private readonly streamApp: StreamAppUseCase,
  ) {}

  @Post(':app_id/invoke')
  @HttpCode(200)
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({
    description: 'The output with its trace id, tokens, cost and latency; with `Accept: text/event-stream`, `delta` events then `done` (this body) or `error`',
    schema: openApiSchema(gatewayAnswerSchema),
  })
  async invoke(
    @CurrentActor() actor: Actor,
    @Param('app_id', appIdPipe) appId: string,
    @Body() body: InvokeAppDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const input = { appId, environment: body.environment, inputs: body.inputs, messages: body.messages };
    if (!wantsEventStream(req)) {
      const answer = JSON.stringify(await this.invokeApp.execute(actor, input));
      // Not res.json: its ETag hashes every body, and an answer to a POST is never revalidated. With its length the
      // answer goes out in one write, not chunked (a second chunk to end it).
      res.status(200).setHeader('content-type', 'application/json; charset=utf-8').setHeader('content-length', Buffer.byteLength(answer)).end(answer);
      return;
    }
    const signal = abortOnDisconnect(res);
    await sendEventStream(res, gatewayEvents(await this.streamApp.execute(actor, input, signal)));
  }
}

const INVOKE_PATH = /^\/apps\/([^/]+)\/invoke\/?$/i;

/**
 * `POST /apps/{app_id}/invoke` served before Express's router and Nest's pipeline (lean-route.ts): the same guards,
 * the same parameter pipes as the decorators above, the same handler.
 */
export const leanInvokeRoute: LeanRoute<GatewayController> = {
  controller: GatewayController,
  handler: 'invoke',
  match(method, path) {
    if (method !== 'POST') return undefined;
    const appId = INVOKE_PATH.exec(path)?.[1];
    if (appId === undefined) return undefined;
    try {
      return { app_id: decodeURIComponent(appId) };
    } catch {
      return undefined;
    }
  },
  async serve(controller, req, res, params) {
    const actor = requestActor(req);
    const appId = appIdPipe.transform(params['app_id']!);
    const body = parseDto(InvokeAppDto, req.body, 'body') as InvokeAppDto;
    await controller.invoke(actor, appId, body, req, res);
  },
};
