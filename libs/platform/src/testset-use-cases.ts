import type { Provider } from '@nestjs/common';
import {
  CreateTestsetUseCase, DeleteTestsetUseCase, DeleteTestsetsUseCase, GetTestsetUseCase, ListTestsetsUseCase,
  UpdateTestsetUseCase, UploadTestsetUseCase,
} from '@crucible/application';

export const TESTSET_USE_CASES: Provider[] = [
  CreateTestsetUseCase, ListTestsetsUseCase, GetTestsetUseCase, UpdateTestsetUseCase, DeleteTestsetsUseCase,
  DeleteTestsetUseCase, UploadTestsetUseCase,
];
