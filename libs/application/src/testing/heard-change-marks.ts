import { type ChangeKind, ChangeMarks } from '../shared/change-marks';

/** What this process has heard, moved by hand as a notice of another process's commit would move it. */
export class HeardChangeMarks extends ChangeMarks {
  private readonly heard = new Map<string, number>();

  markOf(kind: ChangeKind, projectId = ''): string | null {
    return String(this.heard.get(`${kind}:${projectId}`) ?? 0);
  }

  hear(kind: ChangeKind, projectId = ''): void {
    const topic = `${kind}:${projectId}`;
    this.heard.set(topic, (this.heard.get(topic) ?? 0) + 1);
  }
}
