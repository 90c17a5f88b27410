// npm run chaos -- pagos: payments under a misbehaving Stripe, as figures (docs/decisions/122). On the chain
// on loopback (the function with its own D1, the fake Telegram, the local fake of Stripe), CHAOS_PAYMENTS
// (80) quotes are priced and accepted, each gets its Checkout Session through the function ('Pagar'), and is
// paid on the fake in four groups: webhooks delivered once, twice at once, out of order (completed, then a
// stale 'expired'), and lost (never sent: the sweep finds them); a fifth group is paid while the function is
// killed and restarted mid-way (a run dying between recording the payment and e-mailing the receipt). Then
// sweeps run until nothing is owed. Every payment must be recorded once, every receipt sent once, every
// owner's line once (or marked as a possible repeat). Exits 1 otherwise. One setting differs from
// production, for time only: the lost webhooks' sessions are made due for the sweep's question at once
// (check_at set to 0) instead of 15 minutes after they were made.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { PUBLIC_SECRETS } from '~shared/settings'
import { VISITOR_HEADER } from '~shared/visitor'

import type { TelegramMessage } from '../../test/mocks/fake-telegram'
import type { Stack } from '../workers'

const PAYMENTS = Number(process.env.CHAOS_PAYMENTS ?? 80)
const GROUPS = ['ok', 'doble', 'desordenado', 'perdido', 'reinicio'] as const

interface StackD1 {
  query: <Row>(sql: string) => Promise<Row[]>
  execute: (args: string[]) => Promise<string>
}

export async function measurePayments(stack: Stack, { query, execute }: StackD1, dir: string): Promise<number> {
  const origin = new URL(stack.functionUrl).origin
  const stripe = stack.stripeUrl
  if (!stripe) throw new Error('Sin el simulador de Stripe (¿STRIPE_API_URL en el entorno?)')
  const key = PUBLIC_SECRETS.QUOTE_FUNCTION_KEY
  let visitor = 0
  const site = (path: string, body: unknown) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: key,
        Authorization: `Bearer ${key}`,
        // Each call a visitor of its own: the per-visitor limits are not what this measures.
        [VISITOR_HEADER]: `10.9.${(++visitor >> 8) & 255}.${visitor & 255}`,
      },
      body: JSON.stringify(body),
    })
  const rules = (webhook: string) =>
    fetch(`${stripe}/__rules`, { method: 'POST', body: JSON.stringify({ webhook }) }).then((r) => r.text())
  const sweep = () => fetch(`${origin}/__scheduled`).then((response) => response.text())
  const telegram = (text: string, id: number) =>
    fetch(`${origin}${FUNCTION_PATHS.webhook}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Telegram-Bot-Api-Secret-Token': PUBLIC_SECRETS.TELEGRAM_WEBHOOK_SECRET,
      },
      body: JSON.stringify({
        update_id: id,
        message: {
          message_id: 50_000 + id,
          date: Math.floor(Date.now() / 1000),
          chat: { id: -100999, type: 'supergroup' },
          from: { id: 7, is_bot: false, first_name: 'Nerea' },
          text,
          entities: [{ type: 'bot_command', offset: 0, length: text.indexOf(' ') }],
        },
      }),
    }).then((response) => response.text())

  // The quotes, priced and accepted.
  console.log(`${PAYMENTS} presupuestos aceptados, cada uno con su sesión de pago...`)
  const quotes: Array<{ token: string; reference: string; email: string; url: string; group: string }> = []
  for (let i = 0; i < PAYMENTS; i++) {
    const email = `paga${i}@correo.es`
    const stored = (await (
      await site(FUNCTION_PATHS.quote, {
        tipo: 'mando',
        modelo: 'Xbox Elite',
        comentarios: `pago ${i}`,
        email,
        telefono: '612345678',
        honeypot: '',
      })
    ).json()) as { seguimiento: string; referencia: string }
    const reference = stored.referencia
    await telegram(`/presupuesto ${reference} 45`, i + 1)
    // Accepted as the contract asks: the express request, and the customer named with his address.
    const accepted = await site(FUNCTION_PATHS.decision, {
      seguimiento: stored.seguimiento,
      version: 1,
      decision: 'aceptar',
      solicitudExpresa: true,
      nombre: `Cliente ${i}`,
      direccion: 'Calle Portal de Gamarra 5, 01013 Vitoria-Gasteiz',
    })
    const pay = (await (await site(FUNCTION_PATHS.payment, { seguimiento: stored.seguimiento })).json()) as {
      url?: string
    }
    // A run that could not set up what it measures says so, instead of printing a table of zeros.
    if (!accepted.ok || !pay.url)
      throw new Error(
        `${reference}: sin aceptación o sin sesión de pago (la respuesta fue ${accepted.status}: ${(await accepted.text()).slice(0, 200)})`,
      )
    quotes.push({
      token: stored.seguimiento,
      reference,
      email,
      url: pay.url ?? '',
      group: GROUPS[i % GROUPS.length] ?? 'ok',
    })
  }
  const sessionId = (url: string) => url.split('/').pop() ?? ''
  const started = Date.now()
  for (const group of GROUPS) {
    const members = quotes.filter((quote) => quote.group === group)
    await rules(group === 'reinicio' ? 'ok' : group)
    const paying = Promise.all(
      members.map((quote) =>
        fetch(`${stripe}/__pay`, { method: 'POST', body: JSON.stringify({ id: sessionId(quote.url) }) }),
      ),
    )
    // The function dies while the events of this group are being recorded and their e-mails sent.
    if (group === 'reinicio') await stack.restartFunction()
    await paying
  }
  await rules('ok')
  // Lost webhooks: their sessions made due for the sweep's question now (15 minutes in production).
  await execute(['--command', "UPDATE payments SET check_at = 0 WHERE status IN ('open', 'processing')"])
  let sweeps = 0
  for (; sweeps < 60; sweeps++) {
    await sweep()
    const [left] = await query<{ open: number; owed: number }>(
      `SELECT (SELECT COUNT(*) FROM payments WHERE status IN ('open', 'processing')) AS open,
        (SELECT COUNT(*) FROM customer_emails WHERE event LIKE 'paid:%' AND sent_at IS NULL) AS owed`,
    )
    if (left && left.open === 0 && left.owed === 0) break
    await new Promise((done) => setTimeout(done, 500))
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const paid = await query<{ referencia: string; n: number }>(
    "SELECT referencia, COUNT(*) AS n FROM payments WHERE status = 'paid' GROUP BY referencia",
  )
  const paidBy = new Map(paid.map((row) => [row.referencia, row.n]))
  const mails = (await (await fetch(`${origin}/__correo`)).json()) as Array<{ to: string; subject: string }>
  const receipts = new Map<string, number>()
  for (const mail of mails)
    if (mail.subject.includes('Pago recibido')) receipts.set(mail.to, (receipts.get(mail.to) ?? 0) + 1)
  const chat = (await (await fetch(`${stack.telegramUrl}/__messages`)).json()) as TelegramMessage[]
  const lines = new Map<string, { all: number; unmarked: number }>()
  for (const message of chat) {
    const reference = /(P-[2-9A-Z]{4}): pagado/.exec(message.text)?.[1]
    if (!reference) continue
    const seen = lines.get(reference) ?? { all: 0, unmarked: 0 }
    seen.all++
    if (!message.text.includes('repetición')) seen.unmarked++
    lines.set(reference, seen)
  }
  const rows = GROUPS.map((group) => {
    const members = quotes.filter((quote) => quote.group === group)
    const recordedOnce = members.filter((quote) => paidBy.get(quote.reference) === 1).length
    const receiptOnce = members.filter((quote) => receipts.get(quote.email) === 1).length
    const lineOnce = members.filter((quote) => lines.get(quote.reference)?.unmarked === 1).length
    return { group, members: members.length, recordedOnce, receiptOnce, lineOnce }
  })
  const label: Record<string, string> = {
    ok: 'webhook once',
    doble: 'webhook twice, at once',
    desordenado: "out of order (completed, then a stale 'expired')",
    perdido: 'webhook lost (found by the sweep)',
    reinicio: 'function killed and restarted mid-way',
  }
  const table = [
    '| Group | Payments | Recorded once | Receipt sent once | Owner told once |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (row) => `| ${label[row.group]} | ${row.members} | ${row.recordedOnce} | ${row.receiptOnce} | ${row.lineOnce} |`,
    ),
    `| All | ${PAYMENTS} | ${rows.reduce((s, r) => s + r.recordedOnce, 0)} | ${rows.reduce((s, r) => s + r.receiptOnce, 0)} | ${rows.reduce((s, r) => s + r.lineOnce, 0)} |`,
  ].join('\n')
  const summary = `${table}\n\nSweeps until nothing was owed: ${sweeps + 1}; time from the first payment: ${seconds} s.`
  console.log(`\n${summary}`)
  writeFileSync(resolve(dir, 'pagos.md'), `${summary}\n`)
  const whole = rows.every(
    (row) => row.recordedOnce === row.members && row.receiptOnce === row.members && row.lineOnce === row.members,
  )
  return whole ? 0 : 1
}
