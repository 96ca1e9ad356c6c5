// One Jest run covers every project; `--selectProjects <name>` narrows it.
const fs = require('node:fs');
const path = require('node:path');

const swcConfig = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcConfig.$schema;
const { paths } = require('./tsconfig.base.json').compilerOptions;

const moduleNameMapper = Object.fromEntries(
  Object.entries(paths).map(([alias, [target]]) => [`^${alias.replace('/', '\\/')}$`, `<rootDir>/${target}`]),
);

// @nestjs/schedule and openid-client (with oauth4webapi and jose) ship ES modules only; Jest (unlike Node 20) cannot require them untransformed.
const esmOnlyPackages = ['@nestjs/schedule', 'openid-client', 'oauth4webapi', 'jose'];
const esmSwcConfig = { ...swcConfig, jsc: { ...swcConfig.jsc, parser: { syntax: 'ecmascript' } } };

const project = (displayName, root, testMatch = ['**/*.spec.ts']) => ({
  displayName,
  rootDir: __dirname,
  roots: [`<rootDir>/${root}`],
  testMatch,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcConfig],
    [`/node_modules/(${esmOnlyPackages.join('|')})/.+\\.js$`]: ['@swc/jest', esmSwcConfig],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  moduleNameMapper,
  setupFiles: ['reflect-metadata'],
});

module.exports = {
  reporters: ['default', '<rootDir>/tools/jest/summary-reporter.js'],
  testTimeout: 30000,
  projects: [
    project('domain', 'libs/domain'),
    project('contracts', 'libs/contracts'),
    project('client', 'libs/client'),
    project('client-gen', 'tools/client-gen'),
    project('application', 'libs/application'),
    project('evaluators', 'libs/evaluators'),
    project('integrations', 'libs/integrations'),
    project('sdk', 'libs/sdk'),
    project('mock-llm', 'tools/mock-llm'),
    project('bench', 'tools/bench'),
    project('examples', 'examples'),
    project('persistence', 'libs/persistence', ['**/*.spec.ts', '**/*.int-spec.ts']),
    project('queue', 'libs/queue', ['**/*.spec.ts', '**/*.int-spec.ts']),
    project('platform', 'libs/platform'),
    project('api', 'apps/api'),
    project('web', 'apps/web'),
    project('workflow-runner', 'apps/workflow-runner'),
    project('e2e', 'e2e', ['**/*.e2e-spec.ts']),
  ],
};
