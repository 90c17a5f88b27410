/**
 * The shop's bare domain (tudominio.es) is a Custom Domain of the site too, and answers a 301 to SITE_URL
 * (www.tudominio.es), path and query kept: a visitor or a link that drops the `www.` still lands on the
 * shop's one public address (docs/decisions/112). When SITE_URL is the bare domain, `www.` redirects to it.
 */

/** Second-level labels under which a registrable domain takes three labels (example.com.es). */
const SECOND_LEVEL = new Set(['com', 'org', 'net', 'gob', 'edu', 'nom', 'co', 'ac'])

/**
 * The Cloudflare zone a host belongs to, as its registrable domain: the last
 * two labels, or three under a two-letter country code's com/org/net/gob/
 * edu/nom/co/ac (tienda.com.es). Enough for a shop's own domains.
 */
export function zoneOf(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.')
  const count = labels.length >= 3 && SECOND_LEVEL.has(labels.at(-2) ?? '') && labels.at(-1)?.length === 2 ? 3 : 2
  return labels.slice(-count).join('.')
}

/** The other spelling of SITE_URL's host that redirects to it: the bare domain, or www. of a bare SITE_URL. */
export function bareDomainOf(siteHost: string): string {
  const zone = zoneOf(siteHost)
  return siteHost === zone ? `www.${zone}` : zone
}

/** The 301 to SITE_URL for a request to the bare domain (or www. of a bare SITE_URL); null for any other. */
export function bareDomainRedirect(request: Request, siteUrl: string): Response | null {
  const url = new URL(request.url)
  const site = new URL(siteUrl)
  if (url.host === site.host || url.hostname !== bareDomainOf(site.hostname)) return null
  return new Response(null, {
    status: 301,
    headers: { Location: `${site.origin}${url.pathname}${url.search}`, 'Cache-Control': 'public, max-age=3600' },
  })
}
