import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { type Actor, redactUrlCredentials } from '@crucible/domain';
import { GetVariantSchemaUseCase, RunPlaygroundUseCase } from '@crucible/application';
import {
  type PlaygroundRunResponse, type VariantSchemaResponse, playgroundRunResponseSchema, variantSchemaResponseSchema,
} from '@crucible/contracts';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import { PlaygroundRunDto } from '../wire/playground.wire';

const openApiSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' }) as Record<string, unknown>;

/** The console's playground (ARCHITECTURE §8): the api reads a variant's schema and calls its service. */
@ApiTags('playground')
@ApiSecurity('ApiKey')
@Controller('variants')
export class PlaygroundController {
  constructor(
    private readonly variantSchema: GetVariantSchemaUseCase,
    private readonly runPlayground: RunPlaygroundUseCase,
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
  @ApiOkResponse({ description: "The service's output and trace", schema: openApiSchema(playgroundRunResponseSchema) })
  async run(
    @CurrentActor() actor: Actor,
    @Param('variant_id', new IdPipe('variant')) variantId: string,
    @Body() body: PlaygroundRunDto,
  ): Promise<PlaygroundRunResponse> {
    return this.runPlayground.execute(actor, { variantId, inputs: body.inputs, config: body.config, revision: body.revision });
  }
}
