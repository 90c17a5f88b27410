/**
 * The site pointed at a fake of the quote function
 * (test/mocks/fake-function.ts: canned answers to the quote post and to
 * the tracking endpoints, chosen by markers, tokens and references), for the
 * site's side of failures and of tracking, without the real function.
 */
import { afterAll, beforeAll } from 'vitest'

import { startFakeFunction } from '../mocks/fake-function'
import { startStack } from '../../scripts/workers'

import { TEST_SETTINGS } from './settings'

export { FAKE_FUNCTION_PAIR, FAKE_FUNCTION_RECEIVED_AT, FAKE_FUNCTION_TOKENS } from '../mocks/fake-function'

export async function startSiteWithFakeFunction(name: string, siteSettings: Record<string, string> = {}) {
  const fakeFunction = await startFakeFunction({ key: TEST_SETTINGS.QUOTE_FUNCTION_KEY })
  try {
    const stack = await startStack({
      name,
      siteSettings: { ...TEST_SETTINGS, ...siteSettings },
      quoteFunctionUrl: fakeFunction.quoteFunctionUrl,
    })
    return {
      siteUrl: stack.siteUrl,
      siteLog: stack.siteLog,
      received: fakeFunction.received,
      quoteVisitors: fakeFunction.quoteVisitors,
      trackingCalls: fakeFunction.trackingCalls,
      async stop() {
        await stack.stop()
        fakeFunction.close()
      },
    }
  } catch (error) {
    fakeFunction.close()
    throw error
  }
}

/** The site with the fake for one test file: started before its tests, stopped after. */
export function useSiteWithFakeFunction(name: string): () => Awaited<ReturnType<typeof startSiteWithFakeFunction>> {
  let site: Awaited<ReturnType<typeof startSiteWithFakeFunction>> | undefined
  beforeAll(async () => {
    site = await startSiteWithFakeFunction(name)
  }, 120_000)
  afterAll(async () => {
    await site?.stop()
  })
  return () => {
    if (!site) throw new Error('sin sitio sustituto')
    return site
  }
}
