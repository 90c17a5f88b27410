/** The outside services, asked directly: Telegram's webhook and Stripe. */
import { secretsFileOf } from '~shared/settings'

import {
  botApi,
  botApiRoot,
  botToken,
  customDomain,
  FUNCTION,
  readSecretsFile,
  withoutToken,
  type BotAnswer,
  type WorkerConfig,
} from '../production'
import { judgeStripe } from '../stripe-checks'
import { judgeWebhook, registerAgain, webhookUrl, type WebhookInfo } from '../telegram-checks'
import { type Target, type Findings } from './findings'

/** Stripe (docs/operations/stripe.md, "Setting up Stripe"): a live key, the signing secret, the webhook endpoint registered with its events. */
export async function checkStripe(
  found: Findings,
  fn: WorkerConfig,
  root: string,
  env: NodeJS.ProcessEnv,
  environment: string,
) {
  const file = readSecretsFile(root, environment) ?? {}
  const domain = customDomain(fn)
  const judgements = await judgeStripe({
    key: env.STRIPE_SECRET_KEY ?? file.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? file.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL ?? (String(fn.vars?.STRIPE_API_URL ?? '') || undefined),
    functionOrigin: domain ? `https://${domain}` : null,
  })
  for (const judgement of judgements)
    if (judgement.status === 'skipped') found.skipped(FUNCTION.label, 'stripe', judgement.text)
    else found[judgement.status](FUNCTION.label, judgement.text)
}

/** The Telegram webhook, when the bot token is at hand (telegram-checks.ts judges what Telegram answers). */
export async function checkWebhook(
  found: Findings,
  target: Target,
  fn: WorkerConfig,
  {
    root,
    env,
    now,
    firstDeploy,
    environment,
  }: { root: string; env: NodeJS.ProcessEnv; now: number; firstDeploy: boolean; environment: string },
) {
  const domain = customDomain(fn)
  if (!domain) {
    found.skipped(
      FUNCTION.label,
      'webhook',
      'webhook de Telegram: sin dominio de la función no se sabe qué dirección debería tener.',
    )
    return
  }
  const expected = webhookUrl(`https://${domain}`)
  // Each environment's own bot: a staging check never judges production's webhook, nor the reverse.
  const token = botToken(root, env, environment)
  if (!token) {
    found.skipped(
      FUNCTION.label,
      'webhook',
      `webhook de Telegram: no hay TELEGRAM_BOT_TOKEN a mano (ni en el entorno ni en ${secretsFileOf(environment)}); compruébalo con ${registerAgain(expected, environment)}.`,
    )
    return
  }
  let answer: BotAnswer<WebhookInfo>
  try {
    answer = await botApi<WebhookInfo>(botApiRoot(fn, env), token, 'getWebhookInfo')
  } catch (error) {
    found.skipped(
      FUNCTION.label,
      'webhook',
      `webhook de Telegram: no se pudo preguntar a Telegram (${(error as Error).message}).`,
    )
    return
  }
  if (!answer.ok) {
    found.problem(
      FUNCTION.label,
      `Telegram rechaza el token del bot (${withoutToken(answer.description ?? 'sin detalle', token)}): revisa TELEGRAM_BOT_TOKEN en ${secretsFileOf(environment)}.`,
    )
    return
  }
  // Before the function's first deploy there is nothing to register: only a deploy of the site needs it.
  // On the first deploy (--primera-vez) `npm run deploy` registers it right after deploying the function.
  const unregistered = target === 'function' || firstDeploy ? 'note' : 'problem'
  for (const judgement of judgeWebhook(answer.result, expected, { now, unregistered, environment }))
    found[judgement.status](FUNCTION.label, judgement.text)
}
