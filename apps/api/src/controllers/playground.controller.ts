import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { type Actor, redactUrlCredentials } from '@crucible/domain';
import { GetVariantSchemaUseCase, RunPlaygroundUseCase, StreamPlaygroundUseCase } from '@crucible/application';
import {
  type PlaygroundRunResponse, type VariantSchemaResponse, playgroundRunResponseSchema, variantSchemaResponseSchema,
} from '@crucible/contracts';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { abortOnDisconnect, sendEventStream, wantsEventStream } from '../http/server-sent-events';
import { playgroundEvents } from '../presenters/stream-event.presenter';
import { PlaygroundRunDto } from '../wire/playground.wire';
import { openApiSchema } from '../wire/common.wire';


/** The console's playground (ARCHITECTURE §8): the api reads a variant's schema and calls its service. */
@ApiTags('playground')
@ApiSecurity('ApiKey')
@Controller('variants')
export class PlaygroundController {
  constructor(
    private readonly variantSchema: GetVariantSchemaUseCase,
    private readonly runPlayground: RunPlaygroundUseCase,
    private readonly streamPlayground: StreamPlaygroundUseCase,
  ) {}

  @Get(':variant_id/schema')
  @ApiOkResponse({ description: "The variant route's inputs and config schema", schema: openApiSchema(variantSchemaResponseSchema) })
  async schema(@CurrentActor() actor: Actor, @Param('variant_id', new IdPipe('variant')) variantId: string): Promise<VariantSchemaResponse> {
    const found = await this.variantSchema.execute(actor, variantId);
    return {
      variant_id: found.variantId,
      uri: redactUrlCredentials(found.serviceUrl),
      route: found.route.path,
      routes: found.routePaths,
      inputs: found.route.inputNames,
      config_schema: found.route.configSchema,
    };
  }

  @Post(':variant_id/playground/run')
  @HttpCode(200)
  @ApiProduces('application/json', 'text/event-stream')
  @ApiOkResponse({
    description: "The output and trace; with `Accept: text/event-stream`, `delta` events then `done` ({data, trace}) or `error` ({detail})",
    schema: openApiSchema(playgroundRunResponseSchema),
  })
  async run(
    @CurrentActor() actor: Actor,
    @Param('variant_id', new IdPipe('variant')) variantId: string,
    @Body() body: PlaygroundRunDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const input = { variantId, inputs: body.inputs, config: body.config, revision: body.revision };
    if (!wantsEventStream(req)) {
      const answer: PlaygroundRunResponse = await this.runPlayground.execute(actor, input);
      res.status(200).json(answer);
      return;
    }
    const signal = abortOnDisconnect(res);
    await sendEventStream(res, playgroundEvents(await this.streamPlayground.execute(actor, input, signal)));
  }
}
