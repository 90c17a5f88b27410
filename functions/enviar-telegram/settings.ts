import { z } from 'zod'

/** Settings of the function (its Worker env); without a bot token it only logs. */
export interface FunctionEnv {
  TELEGRAM_BOT_TOKEN?: string
  TELEGRAM_CHAT_ID?: string
  TELEGRAM_API_URL?: string
  QUOTE_FUNCTION_KEY?: string
}

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value)

const SettingsSchema = z
  .object({
    TELEGRAM_BOT_TOKEN: z.preprocess(blankAsUnset, z.string().optional()),
    TELEGRAM_CHAT_ID: z.preprocess(blankAsUnset, z.string().optional()),
    TELEGRAM_API_URL: z.preprocess(
      blankAsUnset,
      z
        .url()
        .default('https://api.telegram.org')
        .transform((url) => url.replace(/\/+$/, '')),
    ),
    QUOTE_FUNCTION_KEY: z.preprocess(blankAsUnset, z.string().default('clave-publica-local')),
  })
  .refine((settings) => !settings.TELEGRAM_BOT_TOKEN || settings.TELEGRAM_CHAT_ID, {
    message: 'TELEGRAM_CHAT_ID es obligatorio cuando hay TELEGRAM_BOT_TOKEN',
  })

export type FunctionSettings = z.infer<typeof SettingsSchema>

export function readSettings(env: FunctionEnv): FunctionSettings {
  const result = SettingsSchema.safeParse(env)
  if (!result.success) throw new Error(`Configuración no válida: ${z.prettifyError(result.error)}`)
  return result.data
}
