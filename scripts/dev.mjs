// npm run dev: rebuilds on every change (remix watch) while wrangler dev reloads the Worker.
import { SITE_SETTINGS, run, runToEnd, sitePort, superviseForever, varsFromEnv, wranglerDev } from './workers.mjs'

await runToEnd('npx', ['remix', 'build'])
const watcher = run('npx', ['remix', 'watch'])
const site = wranglerDev({ config: 'wrangler.toml', port: sitePort(), vars: varsFromEnv(SITE_SETTINGS), extra: ['--live-reload'] })
superviseForever([watcher, site])
