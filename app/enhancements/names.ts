/**
 * The behaviours of the site's pages, one small module each (app/enhancements/{name}.ts): the server HTML
 * works without them, and each adds its behaviour where its markup is (docs/decisions/096).
 * scripts/build/enhancements.ts builds each into its own hashed file; a component that needs one says so
 * with useEnhancement(name), and the page loads exactly those.
 */
export const ENHANCEMENT_NAMES = [
  'back-to-top',
  'carousel',
  'consent',
  'form',
  'mobile-menu',
  'not-found',
  'toast',
  'tooltip',
] as const

export type EnhancementName = (typeof ENHANCEMENT_NAMES)[number]

/** The attribute of <html> that lists the behaviours running on the page (the browser tests wait on it). */
export const READY_ATTRIBUTE = 'data-enhanced'

/** Adds a behaviour's name to <html data-enhanced> once it runs. */
export function markReady(doc: Document, name: EnhancementName): void {
  const root = doc.documentElement
  const names = new Set((root.getAttribute(READY_ATTRIBUTE) ?? '').split(' ').filter(Boolean))
  names.add(name)
  root.setAttribute(READY_ATTRIBUTE, [...names].join(' '))
}
