import { OWNER_PREFIX } from '~shared/written-quote'

/**
 * The owner's pages (/taller/…, docs/decisions/105): each address carries a
 * short-lived code, so they are private like the tracking pages (no-store,
 * no-referrer, noindex, never in the page cache) and load no analytics; unlike
 * them they run React, for the owner's form.
 */
export function isOwnerPath(pathname: string): boolean {
  return pathname.toLowerCase().startsWith(OWNER_PREFIX)
}
