/**
 * The server code the root route uses, from one module. The browser build replaces every *.server module a
 * route imports with an empty one, and a module that several routes import becomes a file of its own that
 * the quote page, which hydrates, must fetch: one module that only the root imports costs it nothing
 * (docs/decisions/096: the quote page's JavaScript budget). Remix's server runtime is such a module too,
 * so its `json` comes from here.
 */
export { json } from '@remix-run/cloudflare'
export { getSettings, siteUnconfigured } from './env.server'
export { layoutData, unavailableData } from './layout.server'
