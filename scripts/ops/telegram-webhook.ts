// npm run telegram:webhook [-- <function address>] [--staging]: registers the owner's inbox with Telegram, after
// deploying the function. It calls setWebhook with the function's /functions/v1/telegram-webhook,
// TELEGRAM_WEBHOOK_SECRET (Telegram sends it back in X-Telegram-Bot-Api-Secret-Token) and the two
// update kinds the inbox reads (messages for the commands, callback queries for the buttons), lists the
// commands in the chat's menu (setMyCommands), and prints what Telegram now has (getWebhookInfo).
//   npm run telegram:webhook
// The token and the secret come from TELEGRAM_BOT_TOKEN / TELEGRAM_WEBHOOK_SECRET in the environment,
// else from secrets.production.env (secrets.staging.env and [env.staging] with --staging: the staging
// copy's own bot), so they never go into the shell's history; the address, without
// one given, is the function's Custom Domain in [env.production] of its wrangler.toml. The address may
// be the function's origin or the full webhook URL; TELEGRAM_API_URL overrides the Bot API.
// `npm run secrets` calls registerWebhook too, whenever it uploads the function's secrets.
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

import { Api } from 'grammy'

import { FUNCTION_PATHS } from '~shared/function-paths'
import { PRODUCTION_ENV, secretsFileOf, STAGING_ENV } from '~shared/settings'

import { botToken, customDomain, FUNCTION, readSecretsFile, readWorkerConfig, ROOT, withoutToken } from './production'

export const COMMANDS = [
  { command: 'pendientes', description: 'Presupuestos sin atender, los más nuevos primero' },
  { command: 'taller', description: 'Reparaciones en el taller (recibidas o en reparación), las más antiguas primero' },
  { command: 'estado', description: 'Cómo va el servicio: el barrido, lo que espera y qué hacer' },
  { command: 'enviado', description: 'Anotar el envío de vuelta: /enviado P-7K3Q SEUR 123456789' },
  { command: 'olvidar', description: 'Borrar los presupuestos de un e-mail: /olvidar cliente@correo.es' },
  { command: 'serie', description: 'Anotar el número de serie del aparato recibido: /serie P-7K3Q 1234ABCD' },
  { command: 'correo', description: 'Cambiar el correo del cliente: /correo P-7K3Q nuevo@correo.es' },
  { command: 'ayuda', description: 'Cómo llevar un presupuesto desde el chat: botones, órdenes y reglas' },
]

/** The webhook address of a function address (its origin, or the webhook URL itself). */
export function webhookAddress(address: string): string {
  const parsed = new URL(address)
  return parsed.pathname.endsWith(FUNCTION_PATHS.webhook) ? parsed.href : `${parsed.origin}${FUNCTION_PATHS.webhook}`
}

/**
 * Registers the webhook (setWebhook with the secret and the update kinds, then the commands' menu) and
 * returns what Telegram now has, in lines for the operator. Throws, without the token, when Telegram refuses.
 */
export async function registerWebhook({
  token,
  secret,
  url,
  apiRoot = 'https://api.telegram.org',
}: {
  token: string
  secret: string
  url: string
  apiRoot?: string
}): Promise<string[]> {
  const api = new Api(token, { apiRoot: apiRoot.replace(/\/+$/, '') })
  try {
    await api.setWebhook(url, {
      secret_token: secret,
      allowed_updates: ['message', 'callback_query'],
      drop_pending_updates: false,
    })
    await api.setMyCommands(COMMANDS)
    const info = await api.getWebhookInfo()
    return [
      `Webhook registrado: ${info.url}`,
      `Actualizaciones: ${(info.allowed_updates ?? []).join(', ')}; pendientes: ${info.pending_update_count}`,
      ...(info.last_error_message ? [`Último error de Telegram: ${info.last_error_message}`] : []),
    ]
  } catch (error) {
    throw new Error(withoutToken(error instanceof Error ? error.message : String(error), token))
  }
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const fail = (message: string): never => {
    console.error(`telegram:webhook: ${message}`)
    process.exit(2)
  }
  const words = process.argv.slice(2)
  const environment = words.includes('--staging') ? STAGING_ENV : PRODUCTION_ENV
  const file = secretsFileOf(environment)
  const token = botToken(ROOT, process.env, environment)
  const secret = process.env.TELEGRAM_WEBHOOK_SECRET || readSecretsFile(ROOT, environment)?.TELEGRAM_WEBHOOK_SECRET
  const given = words.find((word) => word !== '--staging') ?? process.env.TELEGRAM_WEBHOOK_URL
  const domain = given ? undefined : customDomain(readWorkerConfig(ROOT, FUNCTION, environment))
  const address = given ?? (domain ? `https://${domain}` : undefined)
  if (!token) fail(`falta TELEGRAM_BOT_TOKEN (en ${file})`)
  if (!secret || !/^[\w-]{1,256}$/.test(secret))
    fail(`falta TELEGRAM_WEBHOOK_SECRET (en ${file}; 1-256 letras, números, _ o -)`)
  if (!address)
    fail(
      `falta la dirección de la función: su Custom Domain en [env.${environment}] de ${FUNCTION.config}, o npm run telegram:webhook -- https://presupuestos.<tu dominio>`,
    )
  let url = ''
  try {
    url = webhookAddress(address ?? '')
  } catch {
    fail(`dirección no válida: ${address}`)
  }
  if (!url.startsWith('https://') && !process.env.TELEGRAM_API_URL) fail('Telegram solo llama a direcciones https://')
  try {
    const lines = await registerWebhook({
      token: token ?? '',
      secret: secret ?? '',
      url,
      apiRoot: process.env.TELEGRAM_API_URL,
    })
    for (const line of lines) console.log(line)
  } catch (error) {
    fail(`Telegram no lo aceptó: ${(error as Error).message}`)
  }
}
