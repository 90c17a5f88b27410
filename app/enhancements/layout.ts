import { start as startConsent } from './consent'
import { start as startMobileMenu } from './mobile-menu'
import { start as startTooltips } from './tooltip'

let started = false

/**
 * The behaviours of the layout every page has (the consent banner, the small-screen menu, the tooltips),
 * started once by a page that React hydrates, from its own bundle; every other page loads each as its own
 * module file (docs/decisions/096). The toast and the quote form call their modules themselves.
 */
export function startLayoutBehaviours(doc: Document): void {
  if (started) return
  started = true
  startConsent(doc)
  startMobileMenu(doc)
  startTooltips(doc)
}
