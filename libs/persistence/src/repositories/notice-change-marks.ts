import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ChangeKind, ChangeMarks } from '@crucible/application';
import { changeNoticesOf, topics } from '../data-source/change-notices';

/** The marks of the notices this process's listener has heard (change-notices.ts); null without a listener. */
@Injectable()
export class NoticeChangeMarks extends ChangeMarks {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  markOf(kind: ChangeKind, projectId = ''): string | null {
    const topic = kind === 'api_keys' ? topics.apiKeys : topics.deploymentsOf(projectId);
    return changeNoticesOf(this.dataSource)?.heardStampOf(topic) ?? null;
  }
}
