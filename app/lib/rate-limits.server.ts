/**
 * The rate limits of the public forms (wrangler.toml [[ratelimits]]): one
 * limit per visitor, told apart by the CF-Connecting-IP header Cloudflare
 * gives the Worker, and one overall. A binding that is absent (a config
 * without it) does not limit.
 */
export interface FormLimits {
  perIp: RateLimit | undefined
  overall: RateLimit | undefined
  /** The key of the overall limit, one per form. */
  overallKey: string
}

/** False once this visitor, or everybody together, went past a limit. */
export async function withinLimits(request: Request, { perIp, overall, overallKey }: FormLimits): Promise<boolean> {
  const ip = request.headers.get('CF-Connecting-IP') ?? 'desconocida'
  const [visitor, everybody] = await Promise.all([perIp?.limit({ key: ip }), overall?.limit({ key: overallKey })])
  return visitor?.success !== false && everybody?.success !== false
}
