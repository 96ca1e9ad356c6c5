import { XMLBuilder } from 'fast-xml-parser';

export interface JunitCase {
  name: string;
  classname: string;
  /** Seconds. */
  time: number;
  failure?: string;
  error?: string;
}

export interface JunitSuite {
  name: string;
  cases: JunitCase[];
}

/** JUnit XML as CI systems read it: a testsuite per evaluated revision, a testcase per row and evaluator. */
export function junitXml(suites: JunitSuite[]): string {
  const count = (cases: JunitCase[], key: 'failure' | 'error') => cases.filter((c) => c[key] !== undefined).length;
  const all = suites.flatMap((suite) => suite.cases);
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': 'crucible', '@_tests': all.length, '@_failures': count(all, 'failure'), '@_errors': count(all, 'error'),
      testsuite: suites.map((suite) => ({
        '@_name': suite.name, '@_tests': suite.cases.length, '@_failures': count(suite.cases, 'failure'),
        '@_errors': count(suite.cases, 'error'),
        testcase: suite.cases.map((testCase) => ({
          '@_name': testCase.name, '@_classname': testCase.classname, '@_time': testCase.time.toFixed(3),
          ...(testCase.failure !== undefined ? { failure: { '@_message': testCase.failure } } : {}),
          ...(testCase.error !== undefined ? { error: { '@_message': testCase.error } } : {}),
        })),
      })),
    },
  };
  return `${new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true }).build(document)}`;
}
