import type { SerializeFrom } from '@remix-run/cloudflare'
import { useRouteLoaderData } from '@remix-run/react'

import type { layoutData, unavailableData } from './layout.server'

/** The root loader's data, as components receive it (typed once, here). */
export type LayoutData = SerializeFrom<typeof layoutData>

/**
 * The address server.ts renders every page as while a setting every page needs is missing (no route has it:
 * the catch-all answers it); its 503 page runs no script (docs/decisions/078).
 */
export const UNAVAILABLE_PATH = '/__no-disponible'

/** What the root loader throws with the 503 of a site missing a setting every page needs. */
export type UnavailableData = SerializeFrom<typeof unavailableData>

/** The layout data of the current page; undefined only when the root loader itself failed. */
export function useLayoutData(): LayoutData | undefined {
  return useRouteLoaderData<typeof layoutData>('root') as LayoutData | undefined
}

/** The root match's data for `meta` functions (which cannot use hooks). */
export function layoutDataOf(
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>,
): LayoutData | undefined {
  return matches.find((match) => match?.id === 'root')?.data as LayoutData | undefined
}
