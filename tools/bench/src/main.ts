import 'reflect-metadata';
import { runEvaluationThroughput } from './evaluation-throughput';

runEvaluationThroughput().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
