// Prints the closing line CI reads: "Tests: N passed, N failed, N skipped".
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const failedSuites = results.numFailedTestSuites - results.numFailedTests > 0 ? results.numFailedTestSuites : 0;
    process.stdout.write(
      `\nTests: ${results.numPassedTests} passed, ${results.numFailedTests + failedSuites} failed, ${skipped} skipped\n`,
    );
  }
}
module.exports = SummaryReporter;
