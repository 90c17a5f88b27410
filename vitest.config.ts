import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

// The tsconfig's paths: ~shared/ is what both Workers share, ~/ the site's own code.
const alias = {
  '~shared': fileURLToPath(new URL('./app/shared', import.meta.url)),
  '~': fileURLToPath(new URL('./app', import.meta.url)),
}

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Sized for a busy two-core machine: D1 in Miniflare is slow under load, never wrong.
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          globalSetup: ['test/support/stack.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/stack.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
})
