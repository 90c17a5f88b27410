// The webhook target: the owner's Telegram webhook, most requests with its secret: every button's callback
// data, every command, replies to the bot's prompts, hostile prices and odd shapes.
import { FUNCTION_PATHS } from '~shared/function-paths'

import { ALL_BUTTONS, type ButtonShape } from '../../../functions/enviar-telegram/chat/callback-data'
import { FAKE_BOT } from '../../../test/mocks/fake-telegram'

import { WEBHOOK_SECRET, CHAT_ID, int, pick, chance } from './random'
import { NASTY, STATES } from './values'
import { send, type FuzzTarget } from './record'

/** An owner's price as typed, often wrong: amounts out of range or malformed, notes with controls or too long. */
export function hostilePrice(): string {
  const amount = pick(['25', '25,50', '1.234,50', '0', '-5', '10.000', '25,999', '1e3', '٢٥', 'NaN', '', pick(NASTY)])
  const note = pick(['', ' nota', ` ${pick(NASTY)}`, ` ${'x'.repeat(int(2000))}`, ' a\u202Eb', ' \u0000', '\n\n\n'])
  return `${amount}${chance(0.2) ? ' €' : ''}${note}`
}

/**
 * The data of one of the owner's buttons, every shape the chat's keyboards carry (chat/callback-data.ts), its
 * fields real or junk: quotes 1-50 exist (the site's part stored them), the words and amounts vary.
 */
function buttonData(): string {
  const button = pick(ALL_BUTTONS)
  const field = ({ kind, words = [] }: ButtonShape['fields'][number]) => {
    if (kind === 'quote') return String(pick([1, 2, 3, int(50), int(50), int(1e9), -1, '1e3', '', '01', 'x']))
    if (kind === 'cents') return String(pick([4500, int(100_000), 0, -1, 1e7, '', 'x']))
    return pick([...words, ...words, ...STATES, 'x', '', 'received'.repeat(3), pick(NASTY)])
  }
  return [button.prefix, ...button.fields.map(field)].join(':')
}

/** A Telegram update, well formed or not, for the shop's chat or another. */
export function webhookUpdate() {
  const chat = {
    id: chance(0.85) ? CHAT_ID : pick([1, -1, 0, CHAT_ID + 1, 2 ** 53, '-100123', null]),
    type: pick(['supergroup', 'private', 'channel', 'x']),
  }
  const from = chance(0.9)
    ? { id: int(1e9), is_bot: false, first_name: pick(['Ana', '', '🎮'.repeat(50), pick(NASTY)]) }
    : pick([undefined, null, {}, 'x'])
  const data = chance(0.6)
    ? buttonData()
    : pick([...NASTY, 'atendida', 'atendida:', ':1', 'spam:1:2', 'pendiente:1 ', 'paso:1', 'atras::', 'x'.repeat(64)])
  const callbackId = chance(0.5) ? `cb${int(1e9)}` : pick(['', 'viejo-1', 'viejo', ' ', 'ñ', 'x'.repeat(65), null, 1])
  const text = pick([
    '/pendientes',
    '/pendientes@taller_presupuestos_bot',
    '/pendientes@otro_bot',
    '/taller',
    '/taller@taller_presupuestos_bot',
    `/enviado P-${pick(['2222', '7K3Q', 'x'])} SEUR ${int(1e9)}`,
    '/enviado',
    '/olvidar',
    '/olvidar cliente1@correo.es',
    `/olvidar ${pick(NASTY)}`,
    '/start',
    '/desconocido',
    `/presupuesto P-${pick(['7K3Q', '2222', 'ZZZZ', pick(NASTY)])} ${hostilePrice()}`,
    '/presupuesto',
    pick(NASTY),
    `/${'x'.repeat(int(3000))}`,
    'hola',
  ])
  const command = { type: 'bot_command', offset: 0, length: (text.split(' ')[0] ?? '').length }
  const kind = pick([
    'callback',
    'callback',
    'callback',
    'message',
    'message',
    'reply',
    'edited',
    'other',
    'shape',
    'shape',
  ] as const)
  const update_id = chance(0.95) ? int(1e9) : pick(['1', null, 1.5, -1])
  /** A message in `chat` from `from`, with the fields given (over a fresh message_id). */
  const message = (fields: Record<string, unknown>) => ({ message_id: int(1e6), date: 0, chat, from, ...fields })
  /** One of the bot's own messages in the chat, as a reply quotes it. */
  const fromBot = (text: unknown) => ({ message_id: 2, date: 0, chat, from: FAKE_BOT, text })
  /** A tap on a button of `message`, with this update's callback id and data. */
  const tap = (message: unknown) => ({
    update_id,
    callback_query: { id: callbackId, from, chat_instance: 'f', data, message },
  })
  switch (kind) {
    case 'callback':
      return tap(chance(0.9) ? { message_id: int(2000), date: 0, chat, text: '…' } : undefined)
    case 'message':
      return {
        update_id,
        message: message({
          text,
          entities: chance(0.8) ? [command] : pick([[], [{ type: 'bot_command', offset: 5, length: 99 }], 'x']),
        }),
      }
    case 'reply':
      // A reply to the bot's price prompt, or to something passing for it, with a hostile price.
      return {
        update_id,
        message: message({
          text: hostilePrice(),
          reply_to_message: {
            message_id: int(2000),
            date: 0,
            chat,
            from: chance(0.8) ? FAKE_BOT : from,
            text: `💶 P-${pick(['7K3Q', '2222', pick(NASTY)])}: responde ${pick(NASTY)}`,
          },
        }),
      }
    case 'edited':
      return { update_id, edited_message: { message_id: 1, date: 0, chat, from, text } }
    case 'other':
      return {
        update_id,
        [pick(['my_chat_member', 'channel_post', 'poll', 'inline_query', 'x'])]: pick([{}, null, [], { chat }]),
      }
    case 'shape':
      return pick([
        // Shapes Telegram may send, or a buggy client holding the secret.
        tap({ message_id: null, date: 0, chat }),
        { update_id, message: message({ message_id: 1, text, entities: null }) },
        { update_id, message: message({ message_id: 1, text: int(1e6), entities: [command] }) },
        { update_id, message: message({ message_id: 1, chat: { id: { id: CHAT_ID }, type: 'x' }, text }) },
        // Replies to the bot's prompts, with what no prompt holds, or the shipment one answered.
        {
          update_id,
          message: message({ message_id: 1, text: 'SEUR 1', reply_to_message: fromBot(pick([{ a: 1 }, 5, null, []])) }),
        },
        {
          update_id,
          message: message({
            message_id: 1,
            text: pick(['SEUR 123', pick(NASTY)]),
            reply_to_message: fromBot(`🚚 P-${pick(['2222', '7K3Q'])}: responde`),
          }),
        },
        {
          update_id,
          callback_query: {
            id: callbackId,
            from,
            data: pick([5, null, {}, []]),
            message: { message_id: 1, date: 0, chat },
          },
        },
        [],
        null,
        'x',
        { update_id: 'x' },
        { update_id: 1, callback_query: null },
        { update_id: 1, message: { chat: null } },
        { update_id: 1, callback_query: { data: 'atendida:1' } },
      ])
  }
}

export function webhookRequest(url: string): Promise<void> {
  const body = chance(0.95)
    ? JSON.stringify(webhookUpdate())
    : pick(['{', '', 'x'.repeat(70_000), `{"update_id":1,"message":${'['.repeat(5000)}`])
  const secret = chance(0.9)
    ? WEBHOOK_SECRET
    : pick([undefined, '', 'otro', WEBHOOK_SECRET.toUpperCase(), `${WEBHOOK_SECRET} `])
  const headers: Record<string, string> = { 'Content-Type': chance(0.9) ? 'application/json' : 'text/plain' }
  if (secret !== undefined) headers['X-Telegram-Bot-Api-Secret-Token'] = secret
  const method = chance(0.97) ? 'POST' : pick(['GET', 'PUT', 'DELETE'])
  const label = `${method} webhook ${secret === WEBHOOK_SECRET ? 'secret' : 'no secret'} ${body.slice(0, 80)}`
  return send('webhook', label, url, { method, headers, body: method === 'GET' ? undefined : body, timeoutMs: 30_000 })
}

/** The owner's webhook: 3,000 requests unless FUZZ_WEBHOOK says otherwise. */
export const webhookTarget = {
  name: 'webhook',
  title: 'telegram-webhook',
  setting: 'FUZZ_WEBHOOK',
  requests: 3_000,
  echoes: false,
  send: (at) => webhookRequest(`${at.functionOrigin}${FUNCTION_PATHS.webhook}`),
} as const satisfies FuzzTarget
