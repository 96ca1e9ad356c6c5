import { jobLabelOf } from '@crucible/application';
import { createLogger, logContext } from './logger';
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

  it('puts job_id and evaluation_id on every line logged within the job, by anyone', async () => {
    const { logger, lines } = capturingLogger();
    const reporter = new PinoRunReporter(logger, { everyRows: 10, everyMs: 60_000 });
    await logContext.run({ requestId: 'req-1' }, () => reporter.within(job, async () => {
      logger.warn('a line from an adapter');
      reporter.pickedUp(job, { stored: 0, total: 3 });
    }));
    logger.info('after the job');

    expect(lines.slice(0, 2)).toEqual([
      expect.objectContaining({ job_id: 'evaluation:e-1', evaluation_id: 'e-1', msg: 'a line from an adapter' }),
      expect.objectContaining({ job_id: 'evaluation:e-1', evaluation_id: 'e-1', rows_total: 3, msg: 'evaluation job picked up' }),
    ]);
    expect(lines[2]).not.toHaveProperty('job_id');
    const human = jobLabelOf('human_evaluation', 'h-1', 'p-1');
    await reporter.within(human, async () => logger.info('judging soon'));
    expect(lines[3]).toMatchObject({ job_id: 'human_evaluation:h-1', human_evaluation_id: 'h-1' });
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
