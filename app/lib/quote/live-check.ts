import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * The `intent` the quote form posts when it only asks the action for the
 * messages as the visitor corrects (docs/decisions/046): the action answers
 * them and forwards nothing.
 */
export const LIVE_CHECK_INTENT = 'validar'

/**
 * A live check changes nothing a loader shows: neither the layout (root)
 * nor the quote page revalidates after it. Both routes re-export this.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === LIVE_CHECK_INTENT ? false : defaultShouldRevalidate
