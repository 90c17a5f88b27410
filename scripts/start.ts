// npm start: builds the site and serves, in local workerd (wrangler dev),
//   the site at http://localhost:$PORT (8787) and
//   the quote function at http://localhost:$QUOTE_FUNCTION_PORT/functions/v1/enviar-telegram (8788).
// Settings given as environment variables override the defaults (docs/settings.md, "Settings").
// npm run dev (--dev): the same, rebuilding on every change (remix watch, the articles' module on
//   every change of an article, the behaviour modules on every change of theirs) with live reload.
import {
  applyMigrations,
  FUNCTION_CONFIG,
  functionDevArgs,
  LOCAL_STATE,
  functionPort,
  functionVars,
  localStripe,
  run,
  runToEnd,
  sitePort,
  siteVars,
  superviseForever,
  varArgs,
  wranglerDev,
} from './workers'

const dev = process.argv.includes('--dev')

// The articles' module, the behaviour modules, then remix build (package.json's build).
await runToEnd('npm', ['run', '--silent', 'build'])
// The function's quotes live in a local D1 under .wrangler/state: kept across restarts.
await applyMigrations(LOCAL_STATE)

// Without STRIPE_API_URL in the environment, a local fake of Stripe's API takes the payments (its page has
// 'Pagar (simulado)'), and its events reach the function signed with its STRIPE_WEBHOOK_SECRET.
const stripe = await localStripe()
stripe?.connect(`http://localhost:${functionPort()}`)
if (stripe) console.log(`Stripe simulado (pagos de prueba) en ${stripe.stripe.url}`)

const processes = [
  await wranglerDev({
    config: FUNCTION_CONFIG,
    port: functionPort(),
    vars: [...functionVars(), ...varArgs(stripe?.vars ?? {})],
    extra: functionDevArgs(LOCAL_STATE),
  }),
  await wranglerDev({
    config: 'wrangler.toml',
    port: sitePort(),
    vars: siteVars(),
    extra: dev ? ['--live-reload'] : [],
  }),
]
// In dev, an edited article (app/catalogo/articulos/*.md) rewrites its module, which remix watch rebuilds.
if (dev) {
  processes.push(
    run('npx', ['remix', 'watch'], { group: true }),
    run(process.execPath, ['--import', 'tsx', 'scripts/build/articles.ts', '--watch'], { group: true }),
    // Writes public/enhance/ and, when a file's hash changes, its manifest, which remix watch then rebuilds.
    run(process.execPath, ['--import', 'tsx', 'scripts/build/enhancements.ts', '--watch'], { group: true }),
  )
}
superviseForever(processes)
