import { Controller, Get } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ZodResponse } from 'nestjs-zod';
import { ListTemplatesUseCase } from '@crucible/application';
import { TemplateDto } from '../wire/prompt.wire';

/** The apps Crucible runs itself (ARCHITECTURE §16). */
@ApiTags('apps')
@ApiSecurity('ApiKey')
@Controller('templates')
export class TemplatesController {
  constructor(private readonly listTemplates: ListTemplatesUseCase) {}

  @Get()
  @ZodResponse({ status: 200, type: [TemplateDto] })
  list() {
    return this.listTemplates.execute().map(({ key, name, description }) => ({ key, name, description }));
  }
}
