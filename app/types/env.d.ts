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
}

/** The classic Remix compiler turns a CSS import into the URL of the hashed file. */
declare module '*.css' {
  const href: string
  export default href
}
