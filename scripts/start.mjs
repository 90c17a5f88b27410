// npm start: builds the site and serves it in local workerd (wrangler dev) at
// http://localhost:$PORT (8787). Settings given as environment variables win.
import { SITE_SETTINGS, runToEnd, sitePort, superviseForever, varsFromEnv, wranglerDev } from './workers.mjs'

await runToEnd('npx', ['remix', 'build'])

const site = wranglerDev({ config: 'wrangler.toml', port: sitePort(), vars: varsFromEnv(SITE_SETTINGS) })
superviseForever([site])
