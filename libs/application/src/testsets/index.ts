export * from './ports';
export * from './testset-file.parser';
export * from './use-cases/create-testset.use-case';
export * from './use-cases/list-testsets.use-case';
export * from './use-cases/get-testset.use-case';
export * from './use-cases/update-testset.use-case';
export * from './use-cases/delete-testsets.use-case';
export * from './use-cases/delete-testset.use-case';
export * from './use-cases/upload-testset.use-case';
export * from './use-cases/add-testset-rows-from-traces.use-case';
export * from './use-cases/create-testset-from-traces.use-case';
import { AddTestsetRowsFromTracesUseCase } from './use-cases/add-testset-rows-from-traces.use-case';
import { CreateTestsetFromTracesUseCase } from './use-cases/create-testset-from-traces.use-case';
export * from './use-cases/list-testset-versions.use-case';
export * from './use-cases/diff-testset-versions.use-case';
export * from './testset-versions';
import { CreateTestsetUseCase } from './use-cases/create-testset.use-case';
import { DeleteTestsetUseCase } from './use-cases/delete-testset.use-case';
import { DeleteTestsetsUseCase } from './use-cases/delete-testsets.use-case';
import { GetTestsetUseCase } from './use-cases/get-testset.use-case';
import { ListTestsetsUseCase } from './use-cases/list-testsets.use-case';
import { UpdateTestsetUseCase } from './use-cases/update-testset.use-case';
import { UploadTestsetUseCase } from './use-cases/upload-testset.use-case';
import { ListTestsetVersionsUseCase } from './use-cases/list-testset-versions.use-case';
import { DiffTestsetVersionsUseCase } from './use-cases/diff-testset-versions.use-case';

/** The testsets context's use cases, registered by the composition root (libs/platform). */
export const TESTSETS_USE_CASES = [
  AddTestsetRowsFromTracesUseCase, CreateTestsetFromTracesUseCase, CreateTestsetUseCase, DeleteTestsetUseCase, DeleteTestsetsUseCase,
  GetTestsetUseCase, ListTestsetsUseCase, UpdateTestsetUseCase, UploadTestsetUseCase, ListTestsetVersionsUseCase, DiffTestsetVersionsUseCase,
];
