/// <reference types="@remix-run/cloudflare" />
/// <reference types="@cloudflare/workers-types/2023-07-01" />

/** Bindings and settings of the site Worker (wrangler.toml, .dev.vars.example). */
interface Env {
  ASSETS: Fetcher
  SITE_URL?: string
  QUOTE_FUNCTION_URL?: string
  QUOTE_FUNCTION_KEY?: string
  SHOP_PHONE?: string
  SHOP_EMAIL?: string
  ANALYTICS_ID?: string
  FORM_SECRET?: string
  FORM_MIN_SECONDS?: string
  QUOTE_RETENTION_DAYS?: string
  SHOP_SHIPPING_ADDRESS?: string
  /** Quote posts per client IP (wrangler.toml [[ratelimits]]). */
  LIMITE_PRESUPUESTO_IP?: RateLimit
  /** Quote posts overall. */
  LIMITE_PRESUPUESTO_TOTAL?: RateLimit
  /** Tracking lookups (/seguimiento) per client IP. */
  LIMITE_SEGUIMIENTO_IP?: RateLimit
  /** Tracking lookups overall. */
  LIMITE_SEGUIMIENTO_TOTAL?: RateLimit
}

/** The classic Remix compiler turns a CSS import into the URL of the hashed file. */
declare module '*.css' {
  const href: string
  export default href
}

/** The classic Remix compiler turns an SVG import into the URL of the hashed file. */
declare module '*.svg' {
  const href: string
  export default href
}
