import { Body, Controller, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Actor } from '@crucible/domain';
import { InvokeAppUseCase, StreamAppUseCase } from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { abortOnDisconnect, sendEventStream, wantsEventStream } from '../http/server-sent-events';
import { gatewayEvents } from '../presenters/stream-event.presenter';
import { gatewayAnswerSchema, InvokeAppDto } from '../wire/gateway.wire';
import { openApiSchema } from '../wire/common.wire';


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
    @Param('app_id', new IdPipe('app')) appId: string,
    @Body() body: InvokeAppDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const input = { appId, environment: body.environment, inputs: body.inputs, messages: body.messages };
    if (!wantsEventStream(req)) {
      const answer = JSON.stringify(await this.invokeApp.execute(actor, input));
      // Not res.json: its ETag hashes every body, and an answer to a POST is never revalidated.
      res.status(200).setHeader('content-type', 'application/json; charset=utf-8').end(answer);
      return;
    }
    const signal = abortOnDisconnect(res);
    await sendEventStream(res, gatewayEvents(await this.streamApp.execute(actor, input, signal)));
  }
}
