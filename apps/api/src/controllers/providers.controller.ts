import { Body, Controller, Delete, Get, Param, Patch, Post, type PipeTransform } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import { type Actor, ENVIRONMENT_CONNECTION_ID } from '@crucible/domain';
import {
  CreateProviderConnectionUseCase, DeleteProviderConnectionUseCase, GetProviderConnectionUseCase, ListProviderConnectionsUseCase,
  ListProviderKindsUseCase, TestProviderConnectionUseCase, UpdateProviderConnectionUseCase,
} from '@crucible/application';
import { CurrentActor } from '../http/auth.guard';
import { IdPipe } from '../http/id.pipe';
import {
  ConnectionTestDto, CreateProviderConnectionDto, ProviderConnectionDto, ProviderKindDto, UpdateProviderConnectionDto,
} from '../wire/provider.wire';
import { presentConnectionTest, presentProviderConnection, presentProviderKind } from '../presenters/provider.presenter';

/** A connection id is a UUID, or `environment` for the OPENAI_* fallback. */
class ConnectionIdPipe implements PipeTransform<string, string> {
  private readonly uuid = new IdPipe('provider connection');

  transform(value: string): string {
    return value === ENVIRONMENT_CONNECTION_ID ? value : this.uuid.transform(value);
  }
}

const connectionId = new ConnectionIdPipe();

@ApiTags('providers')
@ApiSecurity('ApiKey')
@Controller()
export class ProvidersController {
  constructor(
    private readonly listKinds: ListProviderKindsUseCase,
    private readonly createConnection: CreateProviderConnectionUseCase,
    private readonly listConnections: ListProviderConnectionsUseCase,
    private readonly getConnection: GetProviderConnectionUseCase,
    private readonly updateConnection: UpdateProviderConnectionUseCase,
    private readonly deleteConnection: DeleteProviderConnectionUseCase,
    private readonly testConnection: TestProviderConnectionUseCase,
  ) {}

  @Get('providers')
  @ZodResponse({ status: 200, type: [ProviderKindDto] })
  kinds(@CurrentActor() _actor: Actor) {
    return this.listKinds.execute().map(presentProviderKind);
  }

  @Post('provider-connections')
  @ZodResponse({ status: 200, type: ProviderConnectionDto })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateProviderConnectionDto) {
    return presentProviderConnection(await this.createConnection.execute(actor, {
      name: body.name, kind: body.kind, apiKey: body.api_key, baseUrl: body.base_url, apiVersion: body.api_version, headers: body.headers,
    }));
  }

  @Get('provider-connections')
  @ZodResponse({ status: 200, type: [ProviderConnectionDto] })
  async list(@CurrentActor() actor: Actor) {
    return (await this.listConnections.execute(actor)).map(presentProviderConnection);
  }

  @Get('provider-connections/:connection_id')
  @ZodResponse({ status: 200, type: ProviderConnectionDto })
  async get(@CurrentActor() actor: Actor, @Param('connection_id', connectionId) id: string) {
    return presentProviderConnection(await this.getConnection.execute(actor, id));
  }

  @Patch('provider-connections/:connection_id')
  @ZodResponse({ status: 200, type: ProviderConnectionDto })
  async update(@CurrentActor() actor: Actor, @Param('connection_id', connectionId) id: string, @Body() body: UpdateProviderConnectionDto) {
    return presentProviderConnection(await this.updateConnection.execute(actor, id, {
      name: body.name, apiKey: body.api_key, baseUrl: body.base_url, apiVersion: body.api_version, headers: body.headers,
    }));
  }

  @Delete('provider-connections/:connection_id')
  @ApiOkResponse({ schema: { type: 'boolean', enum: [true] } })
  async remove(@CurrentActor() actor: Actor, @Param('connection_id', connectionId) id: string): Promise<true> {
    await this.deleteConnection.execute(actor, id);
    return true;
  }

  /** A refused key is `ok: false` with the provider's status: this route answers 200 either way. */
  @Post('provider-connections/:connection_id/test')
  @ZodResponse({ status: 200, type: ConnectionTestDto })
  async test(@CurrentActor() actor: Actor, @Param('connection_id', connectionId) id: string) {
    return presentConnectionTest(await this.testConnection.execute(actor, id));
  }
}
