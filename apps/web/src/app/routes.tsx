import { Navigate, type RouteObject } from 'react-router';
import { AppsPage } from '../features/apps/AppsPage';
import { AppLayout } from '../features/app/AppLayout';
import { VariantsPage } from '../features/variants/VariantsPage';
import { RevisionsPage } from '../features/revisions/RevisionsPage';
import { EnvironmentsPage } from '../features/environments/EnvironmentsPage';
import { PlaygroundPage } from '../features/playground/PlaygroundPage';
import { TracesPage } from '../features/traces/TracesPage';
import { TestsetsPage } from '../features/testsets/TestsetsPage';
import { TestsetPage } from '../features/testsets/TestsetPage';
import { EvaluatorsPage } from '../features/evaluators/EvaluatorsPage';
import { EvaluationsPage } from '../features/evaluations/EvaluationsPage';
import { EvaluationPage } from '../features/evaluations/EvaluationPage';
import { ComparePage } from '../features/evaluations/ComparePage';
import { HumanEvaluationsPage } from '../features/human-evaluations/HumanEvaluationsPage';
import { ProvidersPage } from '../features/providers/ProvidersPage';
import { ModelsPage } from '../features/models/ModelsPage';
import { JudgePage } from '../features/human-evaluations/JudgePage';
import { HumanResultsPage } from '../features/human-evaluations/HumanResultsPage';

/** A screen under the signed-in layout; `nav` puts it in the side navigation, under `section` when given. */
export type ConsoleRoute = RouteObject & { nav?: string; section?: 'Settings' };

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
  { path: 'settings/providers', element: <ProvidersPage />, nav: 'Providers', section: 'Settings' },
  { path: 'settings/models', element: <ModelsPage />, nav: 'Models', section: 'Settings' },
];
