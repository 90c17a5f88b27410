import { visitorKey } from '~shared/visitor'

/**
 * The site's rate limits (wrangler.toml [[ratelimits]]), as
 * docs/decisions/091-limits-protect-customers.md sets them: a limit per
 * visitor, told apart by the CF-Connecting-IP header Cloudflare gives the
 * Worker (an IPv6 address by its /64), is the only one that refuses; an
 * overall limit never refuses anybody, it only marks what comes past it. A
 * binding that is absent (a config without it) does not limit.
 */

/** The visitor's address as Cloudflare gives it (passed on to the quote function), bounded. */
export function visitorAddress(request: Request): string | null {
  return request.headers.get('CF-Connecting-IP')?.slice(0, 100) ?? null
}

/** The owner's note on a quote that came while everybody together was past the overall limit. */
export const PAST_OVERALL_NOTE = 'llegó mientras la web recibía más solicitudes de lo normal'

/** False once this visitor went past his own limit: then, and only then, a 429 with a reason. */
export async function withinLimits(request: Request, { perIp }: { perIp: RateLimit | undefined }): Promise<boolean> {
  const verdict = await perIp?.limit({ key: visitorKey(visitorAddress(request)) })
  return verdict?.success !== false
}

/** True once everybody together went past an overall limit: a mark for the owner, never a refusal. */
export async function pastOverallLimit(overall: RateLimit | undefined, key: string): Promise<boolean> {
  return (await overall?.limit({ key }))?.success === false
}
