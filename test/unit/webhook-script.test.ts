import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startFakeTelegram } from '../mocks/fake-telegram'

const run = promisify(execFile)
let telegram: Awaited<ReturnType<typeof startFakeTelegram>>
beforeAll(async () => {
  telegram = await startFakeTelegram()
})
afterAll(async () => {
  await telegram.close()
})

const script = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/ops/telegram-webhook.ts', ...args], {
    env: { ...process.env, TELEGRAM_API_URL: telegram.url, ...env },
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )

describe('npm run telegram:webhook', () => {
  it('registers the webhook with the secret and the two update kinds, and the commands', async () => {
    const result = await script(['https://enviar-telegram.taller.workers.dev'], {
      TELEGRAM_BOT_TOKEN: '1:t',
      TELEGRAM_WEBHOOK_SECRET: 'secreto_123',
    })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      'Webhook registrado: https://enviar-telegram.taller.workers.dev/functions/v1/telegram-webhook',
    )
    const calls = (await (await fetch(`${telegram.url}/__requests`)).json()) as Array<{
      method: string
      body: Record<string, unknown>
    }>
    expect(calls.find((call) => call.method === 'setWebhook')?.body).toEqual({
      url: 'https://enviar-telegram.taller.workers.dev/functions/v1/telegram-webhook',
      secret_token: 'secreto_123',
      allowed_updates: ['message', 'callback_query'],
      drop_pending_updates: false,
    })
    expect(
      (calls.find((call) => call.method === 'setMyCommands')?.body.commands as Array<{ command: string }>).map(
        (c) => c.command,
      ),
    ).toEqual(['pendientes', 'taller', 'estado', 'enviado', 'olvidar', 'serie', 'correo', 'ayuda'])
  })

  it('refuses to run without a token, a valid secret or an address, saying why', async () => {
    expect(await script(['https://x.dev'], { TELEGRAM_BOT_TOKEN: '', TELEGRAM_WEBHOOK_SECRET: 's' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('TELEGRAM_BOT_TOKEN'),
    })
    expect(
      await script(['https://x.dev'], { TELEGRAM_BOT_TOKEN: '1:t', TELEGRAM_WEBHOOK_SECRET: 'con espacios' }),
    ).toMatchObject({ code: 2, stderr: expect.stringContaining('TELEGRAM_WEBHOOK_SECRET') })
    expect(await script([], { TELEGRAM_BOT_TOKEN: '1:t', TELEGRAM_WEBHOOK_SECRET: 's' })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('dirección'),
    })
    // Without an address, the script reads the function's Custom Domain from its wrangler.toml (wrangler loads slowly).
  }, 90_000)
})
