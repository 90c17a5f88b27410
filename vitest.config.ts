import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

// The tsconfig's paths: ~shared/ is what both Workers share, ~/ the site's own code.
/**
 * Waits sized for a busy two-core machine (CI, or six test runs at once): a test may be slow there, never
 * wrong. expect.poll's default of 1 s is no signal; tests wait on the page's own signals with these bounds.
 */
const BUSY_MACHINE = { expect: { poll: { timeout: 20_000, interval: 100 } } }

const alias = {
  '~shared': fileURLToPath(new URL('./app/shared', import.meta.url)),
  '~': fileURLToPath(new URL('./app', import.meta.url)),
}

export default defineConfig({
  test: {
    projects: [
      {
        // The function's entrypoint class comes from workerd's `cloudflare:workers`: a stand-in in Node.
        resolve: {
          alias: {
            ...alias,
            'cloudflare:workers': fileURLToPath(new URL('./test/support/cloudflare-workers.ts', import.meta.url)),
          },
        },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Sized for a busy two-core machine: D1 in Miniflare is slow under load, never wrong.
          testTimeout: 30_000,
          ...BUSY_MACHINE,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          globalSetup: ['test/support/stack.ts'],
          testTimeout: 30_000,
          ...BUSY_MACHINE,
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
          ...BUSY_MACHINE,
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
})
