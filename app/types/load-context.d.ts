import '@remix-run/cloudflare'

declare module '@remix-run/cloudflare' {
  /** What server.ts hands every loader and action. */
  interface AppLoadContext {
    cloudflare: {
      env: Env
      ctx: ExecutionContext
    }
    /**
     * This response's Content-Security-Policy nonce, and whether the page wrote it into its HTML (only a
     * page that hydrates does): the policy names it only then (docs/decisions/098). `formActions`: other
     * origins this page's forms may lead to (the tracking page's 'Pagar' redirects to Stripe's Checkout).
     */
    csp: { nonce: string; used: boolean; formActions?: string[] }
  }
}
