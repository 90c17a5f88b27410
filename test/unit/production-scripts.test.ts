/**
 * The operator's other production scripts, against a fake wrangler and the
 * fake Bot API on loopback: `npm run secrets` uploads each Worker's own
 * secrets through stdin, or nothing while one is missing or public;
 * `npm run telegram:chat-id` prints the chats the bot has seen.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startFakeTelegram } from '../../scripts/fake-telegram'
import type { Wrangler } from '../../scripts/production'
import { uploadSecrets } from '../../scripts/secrets'
import { printChatIds } from '../../scripts/telegram-chat-id'

const roots: string[] = []
function withSecrets(lines: string | null): string {
  const root = mkdtempSync(join(tmpdir(), 'secretos-'))
  roots.push(root)
  if (lines !== null) writeFileSync(join(root, 'secrets.production.env'), lines)
  return root
}

let telegram: Awaited<ReturnType<typeof startFakeTelegram>>
beforeAll(async () => {
  telegram = await startFakeTelegram()
})
afterAll(async () => {
  await telegram.close()
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

function recorder() {
  const calls: Array<{ args: readonly string[]; input?: string }> = []
  const wrangler: Wrangler = async (args, options) => {
    calls.push({ args, input: options?.input })
    return { code: 0, stdout: '✨ Success!', stderr: '' }
  }
  return { calls, wrangler }
}

const FILE = [
  '# comment',
  `QUOTE_FUNCTION_KEY=${'k'.repeat(40)}`,
  `FORM_SECRET="${'f'.repeat(40)}"`,
  'TELEGRAM_BOT_TOKEN=123:abc',
  `TELEGRAM_WEBHOOK_SECRET=${'w'.repeat(40)}`,
].join('\n')

describe('npm run secrets', () => {
  it('uploads each Worker its own secrets with `wrangler secret bulk` through stdin, the shared key to both', async () => {
    const { calls, wrangler } = recorder()
    const lines: string[] = []
    expect(await uploadSecrets({ root: withSecrets(FILE), wrangler, log: (line) => lines.push(line) })).toBe(true)
    expect(calls.map((call) => call.args)).toEqual([
      ['secret', 'bulk', '--env', 'production'],
      ['secret', 'bulk', '--env', 'production', '--config', 'functions/enviar-telegram/wrangler.toml'],
    ])
    expect(JSON.parse(calls[0]?.input ?? '')).toEqual({
      QUOTE_FUNCTION_KEY: 'k'.repeat(40),
      FORM_SECRET: 'f'.repeat(40),
    })
    expect(JSON.parse(calls[1]?.input ?? '')).toEqual({
      TELEGRAM_BOT_TOKEN: '123:abc',
      QUOTE_FUNCTION_KEY: 'k'.repeat(40),
      TELEGRAM_WEBHOOK_SECRET: 'w'.repeat(40),
    })
    // No value is printed.
    expect(lines.join('\n')).not.toContain('k'.repeat(40))
  })

  it('uploads nothing while a secret is missing, empty or this repository’s public value, and says which', async () => {
    for (const [file, wrong] of [
      [FILE.replace(/^FORM_SECRET=.*$/m, 'FORM_SECRET='), 'FORM_SECRET'],
      [FILE.replace(/^QUOTE_FUNCTION_KEY=.*$/m, 'QUOTE_FUNCTION_KEY=clave-publica-local'), 'QUOTE_FUNCTION_KEY'],
      [FILE.replace(/^TELEGRAM_BOT_TOKEN=.*\n/m, ''), 'TELEGRAM_BOT_TOKEN'],
    ] as const) {
      const { calls, wrangler } = recorder()
      const lines: string[] = []
      expect(await uploadSecrets({ root: withSecrets(file), wrangler, log: (line) => lines.push(line) })).toBe(false)
      expect(calls).toEqual([])
      expect(lines.join('\n')).toMatch(new RegExp(`${wrong}.*No se ha subido nada`))
    }
    const lines: string[] = []
    expect(
      await uploadSecrets({ root: withSecrets(null), wrangler: recorder().wrangler, log: (l) => lines.push(l) }),
    ).toBe(false)
    expect(lines.join('\n')).toContain('No hay secrets.production.env')
  })
})

describe('npm run telegram:chat-id', () => {
  it('prints each chat the bot has seen, once, with its id, kind and name; never the token', async () => {
    await fetch(`${telegram.url}/__updates`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        updates: [
          { update_id: 1, my_chat_member: { chat: { id: -1001234567890, type: 'supergroup', title: 'Taller' } } },
          {
            update_id: 2,
            message: { chat: { id: -1001234567890, type: 'supergroup', title: 'Taller' }, text: 'hola' },
          },
          { update_id: 3, message: { chat: { id: 42, type: 'private', first_name: 'Ane' }, text: 'hola' } },
        ],
      }),
    })
    const lines: string[] = []
    const code = await printChatIds({ TELEGRAM_BOT_TOKEN: '99:secreto', TELEGRAM_API_URL: telegram.url }, (line) =>
      lines.push(line),
    )
    expect(code).toBe(0)
    const out = lines.join('\n')
    expect(out).toMatch(/-1001234567890\s+supergrupo\s+Taller/)
    expect(out).toMatch(/42\s+privado\s+Ane/)
    expect(out.match(/-1001234567890/g)).toHaveLength(1)
    expect(out).not.toContain('99:secreto')
  })

  it('says what to do without a token, and while a webhook is set', async () => {
    const lines: string[] = []
    expect(await printChatIds({ TELEGRAM_API_URL: telegram.url }, (line) => lines.push(line))).toBe(2)
    expect(lines.join('\n')).toContain('Falta el token del bot')
    await fetch(`${telegram.url}/bot1:t/setWebhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://presupuestos.taller.es/functions/v1/telegram-webhook' }),
    })
    const after: string[] = []
    expect(
      await printChatIds({ TELEGRAM_BOT_TOKEN: '1:t', TELEGRAM_API_URL: telegram.url }, (l) => after.push(l)),
    ).toBe(1)
    expect(after.join('\n')).toContain('El bot ya tiene un webhook registrado')
  })
})
