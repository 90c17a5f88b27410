/**
 * Vitest global setup of the worker and e2e projects: the whole quote chain on
 * loopback, as `npm start` runs it, on free ports with test settings:
 *   site (built Worker + public/) -> enviar-telegram function -> fake Telegram and the stand-in of Stripe.
 * Each Worker's log goes to a file that tests read.
 */
import type { TestProject } from 'vitest/node'

import { startStack } from '../../scripts/workers'

import { TEST_SETTINGS, TEST_TELEGRAM } from './settings'

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string
    siteLog: string
    functionUrl: string
    functionLog: string
    telegramUrl: string
    /** The local stand-in of Stripe's API the function talks to (test/mocks/fake-stripe.ts). */
    stripeUrl: string
  }
}

export default async function setup(project: TestProject) {
  const stack = await startStack({
    name: project.name,
    siteSettings: TEST_SETTINGS,
    functionSettings: {
      ...TEST_TELEGRAM,
      QUOTE_FUNCTION_KEY: TEST_SETTINGS.QUOTE_FUNCTION_KEY,
      SHOP_EMAIL: TEST_SETTINGS.SHOP_EMAIL,
    },
  })
  project.provide('siteUrl', stack.siteUrl)
  project.provide('siteLog', stack.siteLog)
  project.provide('functionUrl', stack.functionUrl ?? '')
  project.provide('functionLog', stack.functionLog ?? '')
  project.provide('telegramUrl', stack.telegramUrl ?? '')
  project.provide('stripeUrl', stack.stripeUrl ?? '')
  return stack.stop
}
