import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      // Vitest's default leaves one core free: on CI's two cores that is one worker for 70 files.
      maxWorkers: availableParallelism(),
      reporters: ['default', 'json', './scripts/summary-reporter.ts'],
      outputFile: { json: './test-results/vitest.json' },
    },
  }),
);
