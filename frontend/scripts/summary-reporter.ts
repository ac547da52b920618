// Prints one plain closing line, `N passed, N failed`, with the real totals of the Vitest run
// (the CI reads that line; Vitest's own summary is not parsed). It is written when the process
// exits, so it comes after every other reporter's output (the JSON reporter logs late).
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  private line: string | null = null;

  onInit(): void {
    process.once('exit', () => {
      if (this.line !== null) process.stdout.write(this.line);
    });
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (testModule.state() === 'failed' && testModule.children.size === 0) failed += 1;
    }
    failed += unhandledErrors.length;
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    this.line = `\n${passed} passed, ${failed} failed${tail}\n`;
  }
}
