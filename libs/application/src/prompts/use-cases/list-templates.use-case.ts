import { Injectable } from '@nestjs/common';
import { APP_TEMPLATES, type AppTemplate } from '@crucible/domain';

/** `GET /templates`: the apps Crucible runs itself, no service needed. */
@Injectable()
export class ListTemplatesUseCase {
  execute(): readonly AppTemplate[] {
    return APP_TEMPLATES;
  }
}
