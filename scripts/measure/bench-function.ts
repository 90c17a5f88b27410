// The quote function's part of `npm run bench` (docs/decisions/110, 111); it prints figures, asserts nothing.
//   1. D1 rows read by one sweep, from D1's own meta.rows_read, with 0 and 10,000 stored quotes: the minute's
//      run (delivery), the hourly run (retention), and before migration 0009 (no indexes, retention every
//      minute), with what a day of them reads against the Workers Free plan's 5 million.
//   2. The quote post's time, the site reaching the function by QUOTE_FUNCTION_URL and through the service
//      binding, side by side in alternating rounds (a form post without JavaScript to a 303, loopback,
//      both chains on the fake Telegram).
import { startStack, type Stack } from '../workers'
import { filesBeforeIndexes, selfCheckCost, sweepReads } from './sweep-reads'

const STORED = [0, 10_000]
const FREE_ROWS_READ_PER_DAY = 5_000_000
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const POSTS_PER_ROUND = 20

const thousands = (value: number) => value.toLocaleString('en-US')
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN

/** Section 1: the rows one sweep reads. */
export async function benchSweepReads(): Promise<void> {
  console.log('\n## D1 rows read per sweep (meta.rows_read of every query of one run)\n')
  console.log(
    '| Run | Stored quotes | Rows read | Queries | Bot API calls | Rows read a day | Share of Free’s 5 M a day |',
  )
  console.log('| --- | --- | --- | --- | --- | --- | --- |')
  const runs = [
    { label: 'Every minute: delivery (cron `* * * * *`)', part: 'delivery' as const, perDay: 1440 },
    { label: 'Every hour: retention (cron `0 * * * *`)', part: 'retention' as const, perDay: 24 },
    { label: 'Before 0009: the whole sweep every minute, no indexes', part: undefined, perDay: 1440, before: true },
  ]
  for (const run of runs) {
    for (const stored of STORED) {
      const reads = await sweepReads({ stored, part: run.part, files: run.before ? filesBeforeIndexes() : undefined })
      const day = reads.rowsRead * run.perDay
      console.log(
        `| ${run.label} | ${thousands(stored)} | ${thousands(reads.rowsRead)} | ${reads.queries} | ${reads.subrequests} | ${thousands(day)} | ${((day / FREE_ROWS_READ_PER_DAY) * 100).toFixed(2)} % |`,
      )
    }
  }
  // Part of the hourly run, apart: what Telegram's self-check costs (docs/decisions/128).
  for (const stored of STORED) {
    const cost = await selfCheckCost(stored)
    const day = cost.rowsRead * 24
    console.log(
      `| Of it, the Telegram self-check (getMe, getWebhookInfo) | ${thousands(stored)} | ${thousands(cost.rowsRead)} | ${cost.queries} | ${cost.subrequests} | ${thousands(day)} | ${((day / FREE_ROWS_READ_PER_DAY) * 100).toFixed(2)} % |`,
    )
  }
}

/** One quote post through a stack's site, without JavaScript: its time in ms (a 303 expected). */
async function timedPost(stack: Stack, index: number): Promise<number> {
  const started = performance.now()
  const answer = await fetch(`${stack.siteUrl}/presupuesto`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: stack.siteUrl,
      // A visitor of its own each time: no per-visitor limit is ever reached.
      'CF-Connecting-IP': `10.9.${Math.floor(index / 250)}.${(index % 250) + 1}`,
    },
    body: new URLSearchParams({
      tipo: 'mando',
      modelo: 'PlayStation 5 DualSense',
      comentarios: `banco ${index}`,
      email: 'banco@correo.es',
      telefono: '612345678',
      website: '',
    }).toString(),
  })
  await answer.arrayBuffer()
  if (answer.status !== 303) throw new Error(`La publicación ${index} respondió ${answer.status}`)
  return performance.now() - started
}

/** Section 2: the quote post's time by address and through the binding. */
export async function benchQuotePost(): Promise<void> {
  const settings = {
    SITE_URL: 'https://taller.test',
    FORM_SECRET: 'secreto-del-banco-0123456789',
    SHOP_PHONE: '612345678',
  }
  const telegram = { TELEGRAM_BOT_TOKEN: '123456:token-del-banco', TELEGRAM_CHAT_ID: '-1001234567890' }
  const stacks = await Promise.all([
    startStack({
      name: 'banco-direccion',
      siteSettings: settings,
      functionSettings: telegram,
      logDir: 'artifacts/bench',
    }),
    startStack({
      name: 'banco-binding',
      siteSettings: settings,
      functionSettings: telegram,
      logDir: 'artifacts/bench',
      throughBinding: true,
    }),
  ])
  try {
    const [byAddress, byBinding] = stacks
    const times: Record<'address' | 'binding', number[]> = { address: [], binding: [] }
    let index = 0
    // A warm-up of each, then rounds taking turns (the machine's load drifts; turns spread it evenly).
    for (const stack of stacks) for (let i = 0; i < 5; i++) await timedPost(stack, index++)
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < POSTS_PER_ROUND; i++) times.address.push(await timedPost(byAddress, index++))
      for (let i = 0; i < POSTS_PER_ROUND; i++) times.binding.push(await timedPost(byBinding, index++))
    }
    console.log(
      `\n## The quote post, site to function by address and through the service binding (${ROUNDS} alternating rounds of ${POSTS_PER_ROUND}, loopback)\n`,
    )
    console.log('| Way | Median | p90 | Posts |')
    console.log('| --- | --- | --- | --- |')
    for (const [way, label] of [
      ['address', 'QUOTE_FUNCTION_URL (HTTP on loopback, with the key)'],
      ['binding', 'Service binding QUOTE_FUNCTION (SiteApi, no key)'],
    ] as const) {
      const values = times[way]
      console.log(
        `| ${label} | ${median(values).toFixed(1)} ms | ${percentile(values, 0.9).toFixed(1)} ms | ${values.length} |`,
      )
    }
  } finally {
    await Promise.all(stacks.map((stack) => stack.stop()))
  }
}
