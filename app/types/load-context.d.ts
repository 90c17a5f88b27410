import '@remix-run/cloudflare'

declare module '@remix-run/cloudflare' {
  /** What server.ts hands every loader and action. */
  interface AppLoadContext {
    cloudflare: {
      env: Env
      ctx: ExecutionContext
    }
    /** This response's Content-Security-Policy nonce. */
    cspNonce: string
  }
}
