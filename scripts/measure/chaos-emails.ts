// npm run chaos -- correos: the customers' e-mails when many are owed at once, as figures. It starts the
// chain on loopback (the function with its own D1 and its local mailbox), stores CHAOS_EMAILS (1,000)
// quotes whose confirmation is owed and not yet sent (what an outage of the mail service leaves), then
// runs sweeps (GET /__scheduled, what the Cron Trigger runs every minute) until none is owed. It prints
// how many each sweep sent and how long it took, and checks the mailbox: every e-mail sent, none twice.
// Exits 1 otherwise. A script, not a test: the figures go to docs/performance.md.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { SWEEP_EMAILS } from '../../functions/enviar-telegram/email/send'

import type { Stack } from '../workers'

const EMAILS = Number(process.env.CHAOS_EMAILS ?? 1000)

interface MailboxEmail {
  to: string
  subject: string
}

/** The function's D1 of the stack: a query's rows, and `wrangler d1 execute` with other arguments. */
interface StackD1 {
  query: <Row>(sql: string) => Promise<Row[]>
  execute: (args: string[]) => Promise<string>
}

/** Runs the measurement on a started stack. Returns the exit code. */
export async function measureEmailSweeps(stack: Stack, { query, execute }: StackD1, dir: string): Promise<number> {
  const origin = new URL(stack.functionUrl).origin
  // The quotes, delivered to the owner already, each with its confirmation owed since a minute ago.
  const now = Date.now()
  const rows = Array.from({ length: EMAILS }, (_, i) => {
    const n = String(i).padStart(4, '0')
    return `('P-C${n.slice(0, 3)}${'ABCDEFGHJK'[i % 10]}', 'mando', 'Xbox Elite', 'correo${n}@correo.es', '612345678', ${now - 60_000}, ${now - 60_000}, ${now - 60_000}, 'token-de-prueba-del-correo-${n}')`
  })
  // In statements of 100 rows: D1 refuses one statement past its size.
  const chunks = Array.from({ length: Math.ceil(rows.length / 100) }, (_, i) => rows.slice(i * 100, i * 100 + 100))
  const sql = [
    ...chunks.map(
      (chunk) =>
        `INSERT INTO presupuestos (referencia, tipo, modelo, email, telefono, received_at, next_attempt_at, sent_at, tracking_token) VALUES ${chunk.join(',\n')};`,
    ),
    `INSERT INTO customer_emails (quote_id, event, recipient, owed_at, due_at) SELECT id, 'received', email, received_at, received_at FROM presupuestos WHERE tracking_token LIKE 'token-de-prueba-del-correo-%';`,
  ].join('\n')
  const file = resolve(dir, 'correos.sql')
  writeFileSync(file, sql)
  await execute(['--file', file])
  const owed = async () =>
    (
      await query<{ n: number }>(
        "SELECT COUNT(*) AS n FROM customer_emails WHERE sent_at IS NULL AND refused_at IS NULL AND skipped IS NULL AND recipient LIKE 'correo%@correo.es'",
      )
    )[0]?.n ?? -1
  console.log(`${await owed()} correos pendientes; barridos hasta que no quede ninguno...`)
  const sweeps: Array<{ ms: number; sent: number }> = []
  let left = await owed()
  const started = Date.now()
  while (left > 0 && sweeps.length < Math.ceil(EMAILS / SWEEP_EMAILS) + 5) {
    const t = Date.now()
    await (await fetch(`${origin}/__scheduled`)).text()
    const ms = Date.now() - t
    const now = await owed()
    sweeps.push({ ms, sent: left - now })
    left = now
  }
  const total = Date.now() - started
  const mailbox = (await (await fetch(`${origin}/__correo`)).json()) as MailboxEmail[]
  const ours = mailbox.filter((email) => /^correo\d{4}@correo\.es$/.test(email.to))
  const perAddress = new Map<string, number>()
  for (const email of ours) perAddress.set(email.to, (perAddress.get(email.to) ?? 0) + 1)
  const twice = [...perAddress.values()].filter((n) => n > 1).length
  const times = sweeps.map((sweep) => sweep.ms).sort((a, b) => a - b)

  console.log('\n| Figure | Value |\n| --- | --- |')
  console.log(`| Confirmations owed at the start | ${EMAILS} |`)
  console.log(`| E-mails one sweep sends at most (SWEEP_EMAILS) | ${SWEEP_EMAILS} |`)
  console.log(`| Sweeps until none was owed | ${sweeps.length} |`)
  console.log(`| Sent per sweep | ${sweeps.map((sweep) => sweep.sent).join(', ')} |`)
  console.log(
    `| One sweep's time: median / max | ${times[Math.floor(times.length / 2)] ?? 0} ms / ${times.at(-1) ?? 0} ms |`,
  )
  console.log(`| All sweeps, back to back | ${(total / 1000).toFixed(1)} s |`)
  console.log(`| E-mails in the mailbox (distinct addresses) | ${ours.length} (${perAddress.size}) |`)
  console.log(`| Addresses that got two or more | ${twice} |`)
  console.log(`| Still owed | ${left} |`)
  return left === 0 && ours.length === EMAILS && perAddress.size === EMAILS && twice === 0 ? 0 : 1
}
