// npm run fuzz: builds, starts the whole quote chain on loopback (site -> enviar-telegram -> fake
// Telegram) and sends random and hostile requests: FUZZ_SITE (10,000) to /presupuesto, FUZZ_FUNCTION
// (5,000) to the function and FUZZ_WEBHOOK (3,000) to the owner's webhook, most of them with the right
// secret: mutated values, huge and nested names, conform's reserved names, every content type, every
// method, truncated bodies, foreign origins; for the webhook the callback data of every button (paso: and
// atras: with every state and junk), empty and stale callback ids (the fake Telegram refuses to answer
// those, as Telegram does), odd chats, every command (/taller, /enviado...), replies to the bot's prompt and
// odd shapes (message_id null, entities null, a numeric text, an object as chat.id or as a reply's text),
// hostile prices (replies to the price prompt, /presupuesto commands); and FUZZ_TRACKING (3,000) to the
// tracking: the site's lookup form and pages, the customer's answers to a price (site and function), and
// the function's endpoints; and FUZZ_CONTRACT (3,000) to the contract's forms and endpoints (the lost link,
// the owner's full-quote page with forged codes, the withdrawal, the function's enlaces, desistimiento and
// taller/presupuesto); FUZZ_STRIPE (3,000) to the payments (Stripe's webhook with
// hostile bodies and signatures, 'Pagar' posts); and FUZZ_INBOX (600) one inbox's spellings and reused form
// tokens, counting what the shop e-mailed that inbox against its caps. It prints the status histogram, the
// number of 5xx (workerd's own 501 to unknown methods counted apart), the largest answer against the quote page filled to every cap, and whether both
// Workers still answer. Exits 1 on any 5xx, an answer larger than that page, or a Worker down.
// A script, not a test: figures go to docs/performance.md. FUZZ_SEED repeats a run. One module per target
// (site.ts, function.ts, webhook.ts, tracking.ts, contract.ts, stripe.ts, inbox.ts: its requests and its row),
// listed in targets.ts; random.ts, values.ts and record.ts are what they share.
import { VISITOR_HEADER } from '~shared/visitor'

import { runToEnd, startStack, stopAll } from '../../workers'

import { WEBHOOK_SECRET, CHAT_ID, SEED, KEY } from './random'
import { failures, largestOf, results, type Endpoints, type FuzzTarget, type Status } from './record'
import { ONE_INBOX, ONE_INBOX_CAPS, sentToOneInbox } from './inbox'
import { TARGETS } from './targets'

const CONCURRENCY = 12

type TargetName = (typeof TARGETS)[number]['name']
/** The targets whose answers are the site's pages. */
const ECHOING: ReadonlySet<TargetName> = new Set(TARGETS.filter((target) => target.echoes).map((target) => target.name))
/** How many requests a target gets in this run. */
const requestsOf = (target: FuzzTarget) => Number(process.env[target.setting] ?? target.requests)

async function pool(count: number, make: () => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        next++
        await make()
      }
    }),
  )
}

await runToEnd('npm', ['run', '--silent', 'build'])
const stack = await startStack({
  name: 'fuzz',
  logDir: 'artifacts/fuzz',
  siteSettings: { QUOTE_FUNCTION_KEY: KEY },
  functionSettings: {
    TELEGRAM_BOT_TOKEN: '123456:fuzz',
    TELEGRAM_CHAT_ID: String(CHAT_ID),
    QUOTE_FUNCTION_KEY: KEY,
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
  },
})
let exitCode = 0
try {
  const base = stack.siteUrl
  // The reference: the quote page with every field filled past its cap (what the site echoes at most).
  const page = await (await fetch(`${base}/presupuesto`)).arrayBuffer()
  const filled = new URLSearchParams({
    tipo: 't'.repeat(100),
    modelo: 'm'.repeat(1000),
    email: 'e'.repeat(5000),
    telefono: '9'.repeat(500),
    comentarios: '"<'.repeat(5000),
    website: '',
  })
  const capped = await (
    await fetch(`${base}/presupuesto`, {
      method: 'POST',
      headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: filled,
    })
  ).arrayBuffer()

  const started = Date.now()
  const planned = TARGETS.map((target) => `${requestsOf(target)} a ${target.title}`).join(', ')
  console.log(`Semilla ${SEED}: ${planned}; ${CONCURRENCY} a la vez...`)
  const at: Endpoints = { site: base, quote: stack.functionUrl, functionOrigin: new URL(stack.functionUrl).origin }
  for (const target of TARGETS) await pool(requestsOf(target), () => target.send(at))
  const seconds = ((Date.now() - started) / 1000).toFixed(0)
  // The largest answer of the targets that echo the site's pages (the first of them on a tie).
  let largest = { size: 0, what: '' }
  for (const target of TARGETS) {
    const theirs = largestOf.get(target.name)
    if (target.echoes && theirs && theirs.size > largest.size) largest = theirs
  }

  const siteUp = (await fetch(`${base}/`)).status === 200
  const quote = await fetch(stack.functionUrl, {
    method: 'POST',
    // A visitor of his own: the fuzz's callers may be past their per-visitor limit, which is no outage.
    headers: { apikey: KEY, 'Content-Type': 'application/json', [VISITOR_HEADER]: '198.51.100.250' },
    body: JSON.stringify({
      tipo: 'mando',
      modelo: 'Otro',
      email: 'fin@correo.es',
      telefono: '612345678',
      comentarios: 'después del fuzz',
      honeypot: '',
    }),
  })
  const functionUp = quote.status === 200
  // Every e-mail owed goes within the hour's ceiling; the ones held back would only lower the count.
  const inbox = await sentToOneInbox(new URL(stack.functionUrl).origin)
  const withinCaps = inbox.confirmations <= ONE_INBOX_CAPS.confirmations && inbox.links <= ONE_INBOX_CAPS.links

  const table = (map: Map<Status, number> = new Map()) =>
    [...map.entries()]
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([status, count]) => `| ${status} | ${count} |`)
      .join('\n')
  const count5xx = failures.length
  for (const target of TARGETS)
    console.log(
      `\n## ${target.title} (${requestsOf(target)} requests)\n\n| Status | Count |\n| --- | --- |\n${table(results.get(target.name))}`,
    )
  console.log(`\n| Figure | Value |\n| --- | --- |`)
  console.log(`| Seed | ${SEED} |`)
  console.log(`| Time | ${seconds} s |`)
  console.log(`| 5xx answers of the Workers | ${count5xx} |`)
  console.log(
    `| Largest answer of the site's pages (targets ${[...ECHOING].join(', ')}) | ${(largest.size / 1024).toFixed(1)} KB (${largest.what}) |`,
  )
  console.log(
    `| The quote page, empty / every field past its cap | ${(page.byteLength / 1024).toFixed(1)} KB / ${(capped.byteLength / 1024).toFixed(1)} KB |`,
  )
  console.log(`| Site still up (GET / 200) | ${siteUp ? 'yes' : 'NO'} |`)
  console.log(`| Function still up (a valid quote: ${quote.status}) | ${functionUp ? 'yes' : 'NO'} |`)
  console.log(
    `| E-mails to one inbox under ${ONE_INBOX.length} spellings: confirmations / lost links (caps ${ONE_INBOX_CAPS.confirmations} / ${ONE_INBOX_CAPS.links}) | ${inbox.confirmations} / ${inbox.links}${withinCaps ? '' : ' OVER THE CAPS'} |`,
  )
  for (const failure of failures.slice(0, 20)) console.log(`5xx: ${failure}`)
  if (count5xx > 0 || largest.size > capped.byteLength || !siteUp || !functionUp || !withinCaps) exitCode = 1
} finally {
  await stack.stop()
  await stopAll()
}
process.exit(exitCode)
