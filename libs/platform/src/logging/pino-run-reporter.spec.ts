import { jobLabelOf } from '@crucible/application';
import { createLogger } from './logger';
import { CrucibleNestLogger } from './nest-logger';
import { PinoRunReporter } from './pino-run-reporter';

/** A pino logger writing JSON lines into an array. */
function capturingLogger(level = 'info') {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('test', level, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('PinoRunReporter', () => {
  const job = jobLabelOf('evaluation', 'e-1', 'p-1');

  it('puts job_id and the run id on each of its lines', () => {
    const { logger, lines } = capturingLogger();
    const reporter = new PinoRunReporter(logger, { everyRows: 1, everyMs: 60_000 });
    const human = jobLabelOf('human_evaluation', 'h-1', 'p-1');
    reporter.pickedUp(job, { stored: 0, total: 3 });
    reporter.progress(job, { stored: 1, total: 3 });
    reporter.finished(job, { status: 'EVALUATION_FINISHED', stored: 3, total: 3 });
    reporter.failed(human, new Error('gone'));

    expect(lines).toEqual([
      expect.objectContaining({ job_id: 'evaluation:e-1', evaluation_id: 'e-1', project_id: 'p-1', rows_total: 3, msg: 'evaluation job picked up' }),
      expect.objectContaining({ job_id: 'evaluation:e-1', evaluation_id: 'e-1', msg: 'evaluation progress: 1/3 rows' }),
      expect.objectContaining({ job_id: 'evaluation:e-1', evaluation_id: 'e-1', status: 'EVALUATION_FINISHED' }),
      expect.objectContaining({ job_id: 'human_evaluation:h-1', human_evaluation_id: 'h-1', msg: 'human_evaluation job failed: gone' }),
    ]);
    expect(lines[3]).not.toHaveProperty('evaluation_id');
  });

  it('logs progress every N rows or after some time, whichever comes first, then the finish with counts', () => {
    const { logger, lines } = capturingLogger();
    let clock = 0;
    const reporter = new PinoRunReporter(logger, { everyRows: 10, everyMs: 5_000 }, () => clock);
    reporter.pickedUp(job, { stored: 20, total: 100 });
    reporter.progress(job, { stored: 25, total: 100 });
    reporter.progress(job, { stored: 30, total: 100 });
    reporter.progress(job, { stored: 35, total: 100 });
    clock = 6_000;
    reporter.progress(job, { stored: 36, total: 100 });
    reporter.progress(job, { stored: 100, total: 100 });
    reporter.finished(job, { status: 'EVALUATION_FINISHED', stored: 100, total: 100 });
    reporter.failed(job, new Error('database went away'));

    expect(lines.map((l) => l['msg'])).toEqual([
      'evaluation job picked up, resuming after 20 of 100 rows',
      'evaluation progress: 30/100 rows',
      'evaluation progress: 36/100 rows',
      'evaluation job finished: EVALUATION_FINISHED, 100/100 rows',
      'evaluation job failed: database went away',
    ]);
    expect(lines[3]).toMatchObject({ status: 'EVALUATION_FINISHED', rows_stored: 100, rows_total: 100 });
    expect(lines[4]).toMatchObject({ level: 50, err: expect.objectContaining({ message: 'database went away' }) });
  });
});

describe('CrucibleNestLogger', () => {
  it("sends Nest's route-mapping lines to debug and keeps the rest at info", () => {
    const { logger, lines } = capturingLogger('debug');
    const nest = new CrucibleNestLogger(logger);
    nest.log('Mapped {/apps, GET} route', 'RouterExplorer');
    nest.log('Nest application successfully started', 'NestApplication');
    expect(lines.map((l) => [l['level'], l['msg']])).toEqual([
      [20, 'Mapped {/apps, GET} route'],
      [30, 'Nest application successfully started'],
    ]);
  });
});
