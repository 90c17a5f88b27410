/**
 * The site pointed at a stand-in for the quote function
 * (scripts/stand-in-function.ts: canned answers to the quote post and to
 * the tracking endpoints, chosen by markers, tokens and references), for the
 * site's side of failures and of tracking, without the real function.
 */
import { afterAll, beforeAll } from 'vitest'

import { startStandInFunction } from '../mocks/fake-function'
import { startStack } from '../../scripts/workers'

import { TEST_SETTINGS } from './settings'

export { STAND_IN_PAIR, STAND_IN_RECEIVED_AT, STAND_IN_TOKENS } from '../mocks/fake-function'

export async function startSiteWithStandInFunction(name: string, siteSettings: Record<string, string> = {}) {
  const standIn = await startStandInFunction({ key: TEST_SETTINGS.QUOTE_FUNCTION_KEY })
  try {
    const stack = await startStack({
      name,
      siteSettings: { ...TEST_SETTINGS, ...siteSettings },
      quoteFunctionUrl: standIn.quoteFunctionUrl,
    })
    return {
      siteUrl: stack.siteUrl,
      siteLog: stack.siteLog,
      received: standIn.received,
      quoteVisitors: standIn.quoteVisitors,
      trackingCalls: standIn.trackingCalls,
      async stop() {
        await stack.stop()
        standIn.close()
      },
    }
  } catch (error) {
    standIn.close()
    throw error
  }
}

/** The site with the stand-in for one test file: started before its tests, stopped after. */
export function useSiteWithStandInFunction(
  name: string,
): () => Awaited<ReturnType<typeof startSiteWithStandInFunction>> {
  let site: Awaited<ReturnType<typeof startSiteWithStandInFunction>> | undefined
  beforeAll(async () => {
    site = await startSiteWithStandInFunction(name)
  }, 120_000)
  afterAll(async () => {
    await site?.stop()
  })
  return () => {
    if (!site) throw new Error('sin sitio sustituto')
    return site
  }
}
