// npm run telegram:webhook [-- <function address>]: registers the owner's inbox with Telegram, after
// deploying the function. It calls setWebhook with the function's /functions/v1/telegram-webhook,
// TELEGRAM_WEBHOOK_SECRET (Telegram sends it back in X-Telegram-Bot-Api-Secret-Token) and the two
// update kinds the inbox reads (messages for the commands, callback queries for the buttons), lists the
// commands in the chat's menu (setMyCommands), and prints what Telegram now has (getWebhookInfo).
//   npm run telegram:webhook
// The token and the secret come from TELEGRAM_BOT_TOKEN / TELEGRAM_WEBHOOK_SECRET in the environment,
// else from secrets.production.env, so they never go into the shell's history; the address, without
// one given, is the function's Custom Domain in [env.production] of its wrangler.toml. The address may
// be the function's origin or the full webhook URL; TELEGRAM_API_URL overrides the Bot API.
import { Api } from 'grammy'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { PRODUCTION_ENV, SECRETS_FILE } from '~shared/settings'

import { botToken, customDomain, FUNCTION, readSecretsFile, readWorkerConfig, ROOT } from './production'

export const COMMANDS = [
  { command: 'pendientes', description: 'Presupuestos sin atender, los más nuevos primero' },
  { command: 'taller', description: 'Reparaciones en el taller (recibidas o en reparación), las más antiguas primero' },
  { command: 'enviado', description: 'Anotar el envío de vuelta: /enviado P-7K3Q SEUR 123456789' },
  { command: 'olvidar', description: 'Borrar los presupuestos de un e-mail: /olvidar cliente@correo.es' },
]

function fail(message: string): never {
  console.error(`telegram:webhook: ${message}`)
  process.exit(2)
}

const token = botToken()
const secret = process.env.TELEGRAM_WEBHOOK_SECRET || readSecretsFile()?.TELEGRAM_WEBHOOK_SECRET
const given = process.argv[2] ?? process.env.TELEGRAM_WEBHOOK_URL
const domain = given ? undefined : customDomain(readWorkerConfig(ROOT, FUNCTION, PRODUCTION_ENV))
const address = given ?? (domain ? `https://${domain}` : undefined)
if (!token) fail(`falta TELEGRAM_BOT_TOKEN (en ${SECRETS_FILE})`)
if (!secret || !/^[\w-]{1,256}$/.test(secret))
  fail(`falta TELEGRAM_WEBHOOK_SECRET (en ${SECRETS_FILE}; 1-256 letras, números, _ o -)`)
if (!address)
  fail(
    `falta la dirección de la función: su Custom Domain en [env.production] de ${FUNCTION.config}, o npm run telegram:webhook -- https://presupuestos.<tu dominio>`,
  )

let url: string
try {
  const parsed = new URL(address)
  url = parsed.pathname.endsWith(FUNCTION_PATHS.webhook) ? parsed.href : `${parsed.origin}${FUNCTION_PATHS.webhook}`
} catch {
  fail(`dirección no válida: ${address}`)
}
if (!url.startsWith('https://') && !process.env.TELEGRAM_API_URL) fail('Telegram solo llama a direcciones https://')

const api = new Api(token, {
  apiRoot: (process.env.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/+$/, ''),
})
try {
  await api.setWebhook(url, {
    secret_token: secret,
    allowed_updates: ['message', 'callback_query'],
    drop_pending_updates: false,
  })
  await api.setMyCommands(COMMANDS)
  const info = await api.getWebhookInfo()
  console.log(`Webhook registrado: ${info.url}`)
  console.log(`Actualizaciones: ${(info.allowed_updates ?? []).join(', ')}; pendientes: ${info.pending_update_count}`)
  if (info.last_error_message) console.log(`Último error de Telegram: ${info.last_error_message}`)
} catch (error) {
  fail(`Telegram no lo aceptó: ${error instanceof Error ? error.message : String(error)}`)
}
