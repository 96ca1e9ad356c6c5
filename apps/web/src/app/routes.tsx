import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../features/app/AppLayout';
import { CONSOLE_NEEDS, type ProjectRole } from '../auth/roles';
import { lazyPage } from './lazy-page';

// Each screen is its own chunk, loaded on its first visit.
const AppsPage = lazyPage(() => import('../features/apps/AppsPage'), 'AppsPage');
const VariantsPage = lazyPage(() => import('../features/variants/VariantsPage'), 'VariantsPage');
const RevisionsPage = lazyPage(() => import('../features/revisions/RevisionsPage'), 'RevisionsPage');
const EnvironmentsPage = lazyPage(() => import('../features/environments/EnvironmentsPage'), 'EnvironmentsPage');
const PlaygroundPage = lazyPage(() => import('../features/playground/PlaygroundPage'), 'PlaygroundPage');
const TracesPage = lazyPage(() => import('../features/traces/TracesPage'), 'TracesPage');
const SessionsPage = lazyPage(() => import('../features/sessions/SessionsPage'), 'SessionsPage');
const SessionPage = lazyPage(() => import('../features/sessions/SessionPage'), 'SessionPage');
const TestsetsPage = lazyPage(() => import('../features/testsets/TestsetsPage'), 'TestsetsPage');
const TestsetPage = lazyPage(() => import('../features/testsets/TestsetPage'), 'TestsetPage');
const EvaluatorsPage = lazyPage(() => import('../features/evaluators/EvaluatorsPage'), 'EvaluatorsPage');
const EvaluationsPage = lazyPage(() => import('../features/evaluations/EvaluationsPage'), 'EvaluationsPage');
const EvaluationPage = lazyPage(() => import('../features/evaluations/EvaluationPage'), 'EvaluationPage');
const ComparePage = lazyPage(() => import('../features/evaluations/ComparePage'), 'ComparePage');
const HumanEvaluationsPage = lazyPage(() => import('../features/human-evaluations/HumanEvaluationsPage'), 'HumanEvaluationsPage');
const ProvidersPage = lazyPage(() => import('../features/providers/ProvidersPage'), 'ProvidersPage');
const ModelsPage = lazyPage(() => import('../features/models/ModelsPage'), 'ModelsPage');
const JudgePage = lazyPage(() => import('../features/human-evaluations/JudgePage'), 'JudgePage');
const HumanResultsPage = lazyPage(() => import('../features/human-evaluations/HumanResultsPage'), 'HumanResultsPage');
const AnnotationQueuesPage = lazyPage(() => import('../features/annotation-queues/AnnotationQueuesPage'), 'AnnotationQueuesPage');
const AnnotationQueuePage = lazyPage(() => import('../features/annotation-queues/AnnotationQueuePage'), 'AnnotationQueuePage');
const ScoreConfigsPage = lazyPage(() => import('../features/scores/ScoreConfigsPage'), 'ScoreConfigsPage');
const OnlineEvaluationsPage = lazyPage(() => import('../features/online-evaluations/OnlineEvaluationsPage'), 'OnlineEvaluationsPage');
const OnlineEvaluationPage = lazyPage(() => import('../features/online-evaluations/OnlineEvaluationPage'), 'OnlineEvaluationPage');
const AnnotatePage = lazyPage(() => import('../features/annotation-queues/AnnotatePage'), 'AnnotatePage');
const MembersPage = lazyPage(() => import('../features/members/MembersPage'), 'MembersPage');
const ApiKeysPage = lazyPage(() => import('../features/api-keys/ApiKeysPage'), 'ApiKeysPage');
const ProjectSettingsPage = lazyPage(() => import('../features/project/ProjectSettingsPage'), 'ProjectSettingsPage');
const AuditLogPage = lazyPage(() => import('../features/audit/AuditLogPage'), 'AuditLogPage');

/**
 * A screen under the signed-in layout; `nav` puts it in the side navigation, under `section` when given, for roles
 * at least `needs`.
 */
export type ConsoleRoute = RouteObject & { nav?: string; section?: 'Settings'; needs?: ProjectRole };

// One entry per screen, each from its own folder under features/.
export const consoleRoutes: ConsoleRoute[] = [
  { path: 'apps', element: <AppsPage />, nav: 'Apps' },
  {
    path: 'apps/:appId',
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="variants" replace /> },
      { path: 'variants', element: <VariantsPage /> },
      { path: 'variants/:variantId', element: <RevisionsPage /> },
      { path: 'environments', element: <EnvironmentsPage /> },
      { path: 'playground', element: <PlaygroundPage /> },
      { path: 'traces', element: <TracesPage /> },
      { path: 'sessions', element: <SessionsPage /> },
      { path: 'sessions/:sessionId', element: <SessionPage /> },
    ],
  },
  { path: 'testsets', element: <TestsetsPage />, nav: 'Test sets' },
  { path: 'testsets/:testsetId', element: <TestsetPage /> },
  { path: 'evaluators', element: <EvaluatorsPage />, nav: 'Evaluators' },
  { path: 'evaluations', element: <EvaluationsPage />, nav: 'Evaluations' },
  { path: 'evaluations/compare', element: <ComparePage /> },
  { path: 'evaluations/:evaluationId', element: <EvaluationPage /> },
  { path: 'human-evaluations', element: <HumanEvaluationsPage />, nav: 'Human evaluations' },
  { path: 'human-evaluations/:humanEvaluationId/judge', element: <JudgePage /> },
  { path: 'human-evaluations/:humanEvaluationId/results', element: <HumanResultsPage /> },
  { path: 'annotation-queues', element: <AnnotationQueuesPage />, nav: 'Annotation queues' },
  { path: 'annotation-queues/:queueId', element: <AnnotationQueuePage /> },
  { path: 'annotation-queues/:queueId/annotate', element: <AnnotatePage /> },
  { path: 'online-evaluations', element: <OnlineEvaluationsPage />, nav: 'Online evaluation' },
  { path: 'online-evaluations/:ruleId', element: <OnlineEvaluationPage /> },
  { path: 'settings/providers', element: <ProvidersPage />, nav: 'Providers', section: 'Settings' },
  { path: 'settings/models', element: <ModelsPage />, nav: 'Models', section: 'Settings' },
  { path: 'settings/score-configs', element: <ScoreConfigsPage />, nav: 'Score configs', section: 'Settings' },
  { path: 'settings/project', element: <ProjectSettingsPage />, nav: 'Project', section: 'Settings' },
  { path: 'settings/members', element: <MembersPage />, nav: 'Members', section: 'Settings' },
  { path: 'settings/api-keys', element: <ApiKeysPage />, nav: 'API keys', section: 'Settings', needs: CONSOLE_NEEDS.manageApiKeys },
  { path: 'settings/audit-log', element: <AuditLogPage />, nav: 'Audit log', section: 'Settings', needs: CONSOLE_NEEDS.readAuditLog },
];
