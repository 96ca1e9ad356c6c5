import { randomUUID } from 'node:crypto';
import {
  type Actor, type App, type Evaluation, type EvaluatorConfig, type HumanEvaluation, type Parameters, type RateLimit, type Testset,
  type VariantView, playgroundEndpoint,
} from '@crucible/domain';
import { ServiceDescriber, type ServiceRoute } from '../registry/ports';
import { CreateAppUseCase } from '../registry/use-cases/create-app.use-case';
import { GetAppUseCase } from '../registry/use-cases/get-app.use-case';
import { GetVariantUseCase } from '../registry/use-cases/get-variant.use-case';
import { LatestRevisionsUseCase } from '../registry/use-cases/latest-revisions.use-case';
import { CreateVariantFromServiceUseCase } from '../registry/use-cases/create-variant-from-service.use-case';
import { CreateTestsetUseCase } from '../testsets/use-cases/create-testset.use-case';
import { CreateEvaluatorConfigUseCase } from '../evaluators/use-cases/create-evaluator-config.use-case';
import { CreateEvaluationUseCase } from '../evaluations/use-cases/create-evaluation.use-case';
import { CheckEvaluatorPrerequisitesUseCase } from '../evaluations/use-cases/check-evaluator-prerequisites.use-case';
import { InMemoryProviderConnectionDirectory } from './in-memory-providers';
import { CreateHumanEvaluationUseCase } from '../human-evaluations/use-cases/create-human-evaluation.use-case';
import { HostListOutboundGuard } from '../outbound/testing/host-list-outbound-guard';
import { InMemoryAppRepository } from './in-memory-app.repository';
import { InMemoryEnvironmentRepository } from './in-memory-environment.repository';
import { InMemoryVariantRepository } from './in-memory-variant.repository';
import { InMemoryTestsetRepository } from './in-memory-testset.repository';
import { InMemoryEvaluatorConfigRepository } from './in-memory-evaluator-config.repository';
import { InMemoryEvaluationRepository } from './in-memory-evaluation.repository';
import { InMemoryScoreConfigRepository } from './in-memory-feedback';
import { InMemoryHumanEvaluationRepository } from './in-memory-human-evaluation.repository';
import { InMemoryTraceRepository } from './in-memory-trace.repository';
import { InMemoryEvaluatorService } from './in-memory-evaluator-service';
import { InProcessWorkflowInvoker } from './in-process-workflow-invoker';
import { RecordingJobQueue } from './recording-job-queue';
import { RecordingRunReporter } from './recording-run-reporter';
import { IN_MEMORY_RUN_STORAGE_POLICY } from './in-memory-run-storage-policy';
import { InMemoryPrompts } from './in-memory-prompts';

/** The host every seeded variant's service lives on; the outbound guard allows only it. */
export const SERVICE_HOST = 'workflows.test';

/** Seeded services declare no routes: a variant registered without parameters starts with none. */
class NoRoutesDescriber extends ServiceDescriber {
  async describe(_serviceUrl: string): Promise<ServiceRoute[]> {
    return [];
  }
}

export const actorOf = (projectId: string = randomUUID()): Actor => ({ projectId, type: 'api_key', id: randomUUID(), name: 'test key', role: 'editor' });

/** Every port in memory, plus seeding through the real use cases, for use-case tests. */
export class InMemoryWorld {
  readonly environments = new InMemoryEnvironmentRepository();
  readonly apps = new InMemoryAppRepository(this.environments);
  readonly variants = new InMemoryVariantRepository(this.apps, this.environments);
  readonly testsets = new InMemoryTestsetRepository();
  readonly evaluatorConfigs = new InMemoryEvaluatorConfigRepository();
  readonly traces = new InMemoryTraceRepository();
  readonly evaluations = new InMemoryEvaluationRepository(this.traces);
  readonly humanEvaluations = new InMemoryHumanEvaluationRepository();
  readonly scoreConfigs = new InMemoryScoreConfigRepository();
  readonly evaluators = new InMemoryEvaluatorService();
  readonly invoker = new InProcessWorkflowInvoker();
  readonly queue = new RecordingJobQueue();
  readonly reporter = new RecordingRunReporter();
  readonly runStoragePolicy = IN_MEMORY_RUN_STORAGE_POLICY;
  readonly outbound = new HostListOutboundGuard([SERVICE_HOST]);
  readonly describer: ServiceDescriber = new NoRoutesDescriber();
  readonly getApp = new GetAppUseCase(this.apps);
  readonly latestRevisions = new LatestRevisionsUseCase(new GetVariantUseCase(this.variants));
  readonly prompts = new InMemoryPrompts();
  readonly connections = new InMemoryProviderConnectionDirectory();
  readonly evaluatorPrerequisites = new CheckEvaluatorPrerequisitesUseCase(this.evaluators, this.connections);

  seedApp(actor: Actor, appName = `app-${randomUUID().slice(0, 8)}`): Promise<App> {
    return new CreateAppUseCase(this.apps).execute(actor, { appName });
  }

  /** A variant whose service answers with `workflow` (see InProcessWorkflowInvoker). */
  async seedVariant(actor: Actor, app: App, variantName: string, parameters: Parameters): Promise<VariantView> {
    const create = new CreateVariantFromServiceUseCase(this.variants, this.getApp, this.describer, this.outbound, this.prompts.parameters);
    return create.execute(actor, { appId: app.id, variantName, url: `http://${SERVICE_HOST}/${variantName}`, parameters });
  }

  playgroundUrlOf(view: VariantView): string {
    return playgroundEndpoint(view.base);
  }

  seedTestset(actor: Actor, rows: Array<Record<string, string>>, name = `testset-${randomUUID().slice(0, 8)}`): Promise<Testset> {
    return new CreateTestsetUseCase(this.testsets, this.getApp).execute(actor, { name, rows });
  }

  seedEvaluatorConfig(actor: Actor, app: App, evaluatorKey = 'auto_exact_match'): Promise<EvaluatorConfig> {
    const create = new CreateEvaluatorConfigUseCase(this.evaluatorConfigs, this.evaluators, this.getApp, this.outbound);
    return create.execute(actor, { appId: app.id, name: `${evaluatorKey}-${randomUUID().slice(0, 8)}`, evaluatorKey, settingsValues: {} });
  }
  /** One evaluation and one single-model human evaluation of a fresh variant over one row, both created (jobs in `queue`). */
  async seedRuns(actor: Actor): Promise<{ evaluation: Evaluation; human: HumanEvaluation }> {
    const app = await this.seedApp(actor);
    const variant = await this.seedVariant(actor, app, `v-${randomUUID().slice(0, 8)}`, {});
    const testset = await this.seedTestset(actor, [{ q: '1', correct_answer: '1' }]);
    const config = await this.seedEvaluatorConfig(actor, app);
    const revisions = { revisionIds: [variant.latest.id] };
    const rateLimit: RateLimit = { batchSize: 1, maxRetries: 0, retryDelaySeconds: 0, delayBetweenBatchesSeconds: 0 };
    const [evaluation] = await new CreateEvaluationUseCase(
      this.evaluations, this.evaluatorConfigs, this.variants, this.testsets, this.queue, this.getApp, this.latestRevisions,
      this.evaluatorPrerequisites,
    ).execute(actor, { appId: app.id, revisions, evaluatorConfigIds: [config.id], testsetId: testset.id, rateLimit });
    const human = await new CreateHumanEvaluationUseCase(
      this.humanEvaluations, this.variants, this.testsets, this.queue, this.getApp, this.latestRevisions, this.scoreConfigs,
    ).execute(actor, { appId: app.id, evaluationType: 'single_model_test', revisions, testsetId: testset.id });
    return { evaluation: evaluation!, human };
  }
}
