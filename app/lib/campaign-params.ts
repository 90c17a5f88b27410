/**
 * Query parameters that ad, mail and social platforms add to the links they carry (Google's utm_* and
 * click ids, Meta's, Microsoft's…): they change nothing a page shows, so a page asked for with them is
 * the page without them, from the same cache entry (app/lib/page-cache.server.ts), and the consent
 * banner's way back leaves them out (a click id is the visitor's own, never written into a shared page).
 */
const CAMPAIGN_PARAM =
  /^(utm_[a-z_]+|gclid|gclsrc|gbraid|wbraid|dclid|fbclid|msclkid|twclid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_gl|srsltid)$/i

/** The query (`?…` or '') without the campaign parameters: '' when nothing else is left. */
export function withoutCampaignParams(search: string): string {
  const params = new URLSearchParams(search)
  for (const name of [...params.keys()]) if (CAMPAIGN_PARAM.test(name)) params.delete(name)
  const rest = params.toString()
  return rest ? `?${rest}` : ''
}
