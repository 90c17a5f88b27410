/**
 * GET /functions/v1/salud: the function's health for an uptime monitor (docs/decisions/128). JSON of
 * figures only (never a name, an address, an e-mail or a phone): `ok`, the last sweep's age in seconds,
 * what waits and since when, what is wrong; 200 when healthy, 503 otherwise (health/waiting.ts says
 * which). Off this machine, a call that finds the sweep stopped also tells the owner (delivery/alarms.ts).
 *
 * POST /functions/v1/salud/correo, with the operator's key (platform/secret.ts): one test e-mail to
 * SHOP_EMAIL through the EMAIL binding, at most one every 10 minutes (`npm run smoke -- --correo`).
 */
import { isLocalRequest } from '~shared/settings'
import { FUNCTION_PATHS } from '~shared/function-paths'

import { noticeStoppedSweep } from '../delivery/alarms'
import type { DeliveryDeps } from '../delivery/deps'
import { mailWithin } from '../delivery/shop-mail'
import { mailerFor } from '../email/mailer'
import { noteMailRefusal } from '../email/mail-errors'
import { lastRuns, runFinished, runStarted } from '../health/runs'
import { type Health, healthNow, PROBLEMS, secondsSince } from '../health/waiting'
import { json } from '../platform/json'
import { operatorKey, OPERATOR_KEY_HEADER, sameSecret } from '../platform/secret'
import { getSettings, requireSettings } from '../platform/settings'

/** The health as JSON: figures, the problems by name, the open incidents by kind. */
export function healthBody(health: Health, now: number) {
  const { waiting } = health
  return {
    ok: health.ok,
    lastSweepAt: health.sweepAt === null ? null : new Date(health.sweepAt).toISOString(),
    sweepAgeSeconds: secondsSince(health.sweepAt, now),
    hourlySweepAgeSeconds: secondsSince(health.hourlyAt, now),
    waiting: {
      quotesUndelivered: waiting.quotes.count,
      customerEmailsOwed: waiting.customerEmails.count,
      customerEmailsFailed24h: waiting.failedEmails,
      noticesPending: waiting.notices.count,
    },
    oldestSeconds: {
      quotesUndelivered: secondsSince(waiting.quotes.oldestAt, now),
      customerEmailsOwed: secondsSince(waiting.customerEmails.oldestAt, now),
      noticesPending: secondsSince(waiting.notices.oldestAt, now),
    },
    problems: health.problems,
    problemTexts: health.problems.map((problem) => PROBLEMS[problem]),
    incidents: health.incidents.map((incident) => incident.kind),
  }
}

const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }

/** The two paths under /functions/v1/salud. */
export async function handleHealth(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: DeliveryDeps = {},
): Promise<Response> {
  const { pathname } = new URL(request.url)
  if (pathname === FUNCTION_PATHS.healthMail) return testMail(request, env, deps)
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return json({ ok: false, error: 'Método no permitido' }, 405, { Allow: 'GET, HEAD', ...PRIVATE })
  const now = (deps.now ?? Date.now)()
  const health = await healthNow(env.DB, now)
  // A monitor's call that finds the sweep stopped tells the owner too (once per incident); not on this
  // machine, where the sweep runs only when asked (GET /__scheduled).
  if (!isLocalRequest(request) && health.problems.includes('sweep-stale'))
    ctx.waitUntil(
      noticeStoppedSweep(env, getSettings(env), {
        ...deps,
        waitUntil: (promise) => ctx.waitUntil(promise),
      }).catch(() => undefined),
    )
  return json(healthBody(health, now), health.ok ? 200 : 503, PRIVATE)
}

/** The operator's test e-mail is at most one in this long. */
const TEST_MAIL_GAP_MS = 10 * 60 * 1000

/** POST /functions/v1/salud/correo: one test e-mail to SHOP_EMAIL, with the operator's key. */
async function testMail(request: Request, env: FunctionEnv, deps: DeliveryDeps): Promise<Response> {
  if (request.method !== 'POST') return json({ success: false, error: 'Método no permitido' }, 405, { Allow: 'POST' })
  const settings = getSettings(env, request)
  // Off this machine the key derives from the operator's own webhook secret, never the public local one.
  requireSettings(request, settings, ['TELEGRAM_WEBHOOK_SECRET'])
  const given = request.headers.get(OPERATOR_KEY_HEADER)
  if (given === null) return json({ success: false, error: 'Falta la clave' }, 401)
  if (!sameSecret(given, await operatorKey(settings.TELEGRAM_WEBHOOK_SECRET)))
    return json({ success: false, error: 'Clave incorrecta' }, 403)
  const now = deps.now ?? Date.now
  const last = (await lastRuns(env.DB))['smoke-mail']?.started_at ?? null
  if (last !== null && now() - last < TEST_MAIL_GAP_MS)
    return json({ success: false, error: 'Ya se envió un correo de prueba hace menos de 10 minutos' }, 429)
  const mailer = mailerFor(env, settings)
  if (!mailer) return json({ success: false, error: 'Falta el binding EMAIL' }, 503)
  await runStarted(env.DB, 'smoke-mail', now())
  const outcome = await mailWithin(
    mailer,
    {
      from: settings.QUOTE_EMAIL_FROM,
      to: settings.SHOP_EMAIL,
      subject: 'Prueba del correo del taller',
      text: 'Correo de prueba de `npm run smoke -- --correo`: si lo lees, la función envía correo por su binding EMAIL desde QUOTE_EMAIL_FROM. No hay que hacer nada.',
    },
    deps,
    async () => undefined,
  )
  const sent = outcome !== 'timeout' && outcome.sent
  const error =
    outcome === 'timeout' ? 'sin respuesta del servicio de correo en 10 s' : outcome.sent ? null : outcome.error.text
  if (outcome !== 'timeout' && !outcome.sent) await noteMailRefusal(env.DB, outcome.error, now())
  await runFinished(env.DB, 'smoke-mail', now(), { sent })
  return json(sent ? { success: true } : { success: false, error }, sent ? 200 : 502)
}
