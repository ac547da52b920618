// Prints one plain closing line, `N passed, N failed`, with the real totals of the Playwright run.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestCase>();
  private errors = 0;

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test.id, test);
  }

  onError(): void {
    this.errors += 1;
  }

  onEnd(_result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const test of this.outcomes.values()) {
      const outcome = test.outcome();
      if (outcome === 'expected' || outcome === 'flaky') passed += 1;
      else if (outcome === 'skipped') skipped += 1;
      else failed += 1;
    }
    failed += this.errors;
    const tail = skipped > 0 ? `, ${skipped} skipped` : '';
    process.stdout.write(`\n${passed} passed, ${failed} failed${tail}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
