import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import js from '@eslint/js';

const frameworkPackages = [
  '@nestjs/*', 'typeorm', 'pg', 'express',
  'bullmq', 'ioredis', '@electric-sql/pglite', 'isolated-vm', 'openai', 'zod',
];

export default [
  { ignores: ['**/node_modules', '**/dist', '**/tmp', '.data', '.nx', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // e2e suites boot the apps in-process (and as separate processes for distributed mode); tests talk to the mock LLM.
          allow: ['@crucible/api', '@crucible/mock-llm', '@crucible/examples'],
          depConstraints: [
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [], bannedExternalImports: frameworkPackages },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            // The typed client runs in browsers and the CLI: contracts only, no server code.
            { sourceTag: 'type:client', onlyDependOnLibsWithTags: ['type:contracts'], bannedExternalImports: frameworkPackages },
            { sourceTag: 'type:application', onlyDependOnLibsWithTags: ['type:domain', 'type:contracts', 'type:application'],
              bannedExternalImports: ['typeorm', 'pg', 'express', 'bullmq', 'ioredis', '@electric-sql/pglite', '@nestjs/core', '@nestjs/platform-express', '@nestjs/swagger'] },
            { sourceTag: 'type:infrastructure', onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:contracts'] },
            { sourceTag: 'type:sdk', onlyDependOnLibsWithTags: ['type:contracts'], bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg'] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:infrastructure', 'type:contracts'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:domain', 'type:application', 'type:infrastructure', 'type:contracts', 'type:sdk', 'type:platform', 'type:client'] },
            // The console reaches the api through the generated client only; contracts for their types.
            // The CLI is an app on the client only: no use case, adapter or framework of the server.
            { sourceTag: 'type:cli', onlyDependOnLibsWithTags: ['type:client', 'type:contracts'], bannedExternalImports: frameworkPackages },
            { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['type:client', 'type:contracts'],
              bannedExternalImports: ['@nestjs/*', 'typeorm', 'pg', 'express', 'bullmq', 'ioredis', '@electric-sql/pglite', 'isolated-vm', 'openai', 'zod'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['*'] },
            { sourceTag: 'type:tooling', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.int-spec.ts', '**/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    // End-to-end suites and benchmarks read JSON answers loosely, as a client would.
    files: ['e2e/**/*.ts', 'tools/bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly', __dirname: 'readonly', setTimeout: 'readonly', URL: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];
