import { expect, inject } from 'vitest'

import { FAKE_BOT, type TelegramMessage } from '../mocks/fake-telegram'

import { trackingPath } from '~shared/tracking'
import { VISITOR_HEADER } from '~shared/visitor'

import { delivered, marker, page, postQuote, postTrackingForm, randomIp } from './html'
import { TEST_SETTINGS, TEST_TELEGRAM } from './settings'

/**
 * The owner's side of the chat on the stack: updates posted to the
 * function's webhook as Telegram would (taps, commands, replies), and the
 * chat as the fake Telegram holds it.
 */
export const CHAT = Number(TEST_TELEGRAM.TELEGRAM_CHAT_ID)
let updateId = Math.floor(Math.random() * 1e6) + 5e6
const from = { id: 91, is_bot: false, first_name: 'Nerea' }
const chat = { id: CHAT, type: 'supergroup' }

export function sendUpdate(update: object) {
  return fetch(inject('functionUrl').replace('/enviar-telegram', '/telegram-webhook'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Telegram-Bot-Api-Secret-Token': TEST_TELEGRAM.TELEGRAM_WEBHOOK_SECRET,
    },
    body: JSON.stringify({ update_id: updateId++, ...update }),
  })
}

/** The owner taps a button under message `messageId`. */
export const press = (data: string, messageId: number) =>
  sendUpdate({
    callback_query: {
      id: `cb${updateId}`,
      from,
      chat_instance: 'j',
      data,
      message: { message_id: messageId, date: 0, chat, text: '…' },
    },
  })

/** The owner sends a command in the shop's chat. */
export const say = (text: string) =>
  sendUpdate({
    message: {
      message_id: 1,
      date: 0,
      chat,
      from,
      text,
      entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]?.length ?? 0 }],
    },
  })

/** The owner replies to one of the bot's messages (a forced-reply prompt). */
export const replyTo = (prompt: Pick<TelegramMessage, 'message_id' | 'text'>, text: string) =>
  sendUpdate({
    message: {
      message_id: 2,
      date: 0,
      chat,
      from,
      text,
      reply_to_message: { message_id: prompt.message_id, date: 0, chat, from: FAKE_BOT, text: prompt.text },
    },
  })

/** The chat as it stands (the fake Telegram keeps messages as edited). */
export async function chatNow(): Promise<TelegramMessage[]> {
  return (await (await fetch(`${inject('telegramUrl')}/__messages`)).json()) as TelegramMessage[]
}

/** The buttons under the owner's message now. */
export async function buttonsOf(messageId: number) {
  const message = (await chatNow()).find((candidate) => candidate.message_id === messageId) as
    | { reply_markup?: { inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>> } }
    | undefined
  return message?.reply_markup?.inline_keyboard.flat() ?? []
}

/** A quote sent without JavaScript: its tracking link, reference and the owner's message. */
export async function newQuote(label: string) {
  const id = marker(label)
  const email = `${id.replace(/[^a-z0-9]/gi, '')}@correo.es`
  const sent = await postQuote({
    tipo: 'mando',
    modelo: 'PlayStation 5 DualSense',
    email,
    telefono: '655 123 987',
    comentarios: `Drift ${id}`,
    website: '',
  })
  expect(sent.response.status).toBe(303)
  const cookie = sent.response.headers.get('set-cookie')?.split(';')[0] ?? ''
  const toast = await page('/presupuesto', { headers: { Cookie: cookie } })
  const link = /href="(\/seguimiento\/[A-Za-z0-9_-]{22,})"/.exec(toast.html)?.[1] ?? ''
  const reference = /Referencia de tu solicitud: (P-[2-9A-Z]{4})/.exec(toast.html)?.[1] ?? ''
  expect(link).not.toBe('')
  const [message] = await delivered(id)
  return { id, email, link, reference, messageId: message?.message_id ?? 0 }
}

/** One e-mail in the function's local mailbox (GET /__correo), as the contract lists it. */
export interface MailboxEmail {
  id: number
  to: string
  from: string
  subject: string
  text: string
  html: string
  at: string
}

const functionOrigin = () => new URL(inject('functionUrl')).origin

/** The function's local mailbox, newest first. */
export async function mailbox(): Promise<MailboxEmail[]> {
  return (await (await fetch(`${functionOrigin()}/__correo`)).json()) as MailboxEmail[]
}

/** The e-mails sent to `address`, oldest first. */
export async function mailsTo(address: string): Promise<MailboxEmail[]> {
  return (await mailbox()).filter((email) => email.to.toLowerCase() === address.toLowerCase()).reverse()
}

/** Waits until `address` has an e-mail whose subject contains `subject`, and returns all of those. */
export async function mailed(address: string, subject: string): Promise<MailboxEmail[]> {
  let found: MailboxEmail[] = []
  await expect
    .poll(async () => (found = (await mailsTo(address)).filter((email) => email.subject.includes(subject))).length)
    .toBeGreaterThan(0)
  return found
}

/** One delivery sweep (what the Cron Trigger runs every minute): answers once it has finished. */
export async function sweepNow(): Promise<void> {
  const response = await fetch(`${functionOrigin()}/__scheduled`)
  await response.arrayBuffer()
}

/**
 * A quote as the site forwards a real visitor's form (to the function, with its key: not marked as possible
 * spam), from its own visitor address; its reference, tracking link, address and the owner's message.
 */
export async function customerQuote(
  label: string,
  {
    email,
    comentarios,
    modelo = 'PlayStation 5 DualSense',
  }: { email?: string; comentarios?: string; modelo?: string } = {},
) {
  const id = marker(label)
  const address = email ?? `${id.replace(/[^a-z0-9]/gi, '')}@correo.es`
  const key = TEST_SETTINGS.QUOTE_FUNCTION_KEY
  const response = await fetch(inject('functionUrl'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      apikey: key,
      Authorization: `Bearer ${key}`,
      [VISITOR_HEADER]: randomIp(),
    },
    body: JSON.stringify({
      tipo: 'mando',
      modelo,
      comentarios: comentarios ?? `Drift ${id}`,
      email: address,
      telefono: '655 123 987',
      honeypot: '',
    }),
  })
  expect(response.status).toBe(200)
  const answer = (await response.json()) as { referencia: string; seguimiento: string }
  const [message] = await delivered(answer.referencia)
  return {
    id,
    email: address,
    reference: answer.referencia,
    link: trackingPath(answer.seguimiento),
    messageId: message?.message_id ?? 0,
  }
}

/**
 * The owner taps the button of message `messageId` whose text includes `button`, once the message offers it (a
 * redraw after the customer's answer or an e-mail comes a moment later).
 */
export async function tap(messageId: number, button: string) {
  let data: string | undefined
  await expect
    .poll(
      async () =>
        (data = (await buttonsOf(messageId)).find((candidate) => candidate.text.includes(button))?.callback_data),
      {
        message: button,
      },
    )
    .toBeTruthy()
  expect((await press(data ?? '', messageId)).status).toBe(200)
}

/**
 * '💶 Cobrado en el taller' under a quote's message, then the method in the bot's question: the accepted price
 * paid at the counter, so the device may go back ('Enviado', 'Entregado' wait for it: docs/decisions/123).
 */
export async function payAtCounter(messageId: number, reference: string) {
  await tap(messageId, '💶 Cobrado en el taller')
  let prompt: number | undefined
  await expect
    .poll(
      async () =>
        (prompt = (await chatNow())
          .reverse()
          .find(
            (message) =>
              message.text?.includes(reference) && JSON.stringify(message.reply_markup ?? {}).includes('cobro:'),
          )?.message_id),
      { message: 'the question of how he paid' },
    )
    .toBeTruthy()
  await tap(prompt ?? 0, 'Efectivo')
}

/** Taps '📝 Presupuesto completo' under a quote's message; the path of the form the bot's answer links to. */
export async function ownerFormLink(messageId: number, reference: string): Promise<string> {
  await tap(messageId, 'Presupuesto completo')
  let url: string | undefined
  await expect
    .poll(async () => {
      const message = (await chatNow()).find((candidate) => candidate.text.startsWith(`📝 ${reference}:`))
      url = (message?.body as { reply_markup?: { inline_keyboard: Array<Array<{ url?: string }>> } } | undefined)
        ?.reply_markup?.inline_keyboard[0]?.[0]?.url
      return url
    })
    .toMatch(/^https:\/\/taller\.test\/taller\/presupuesto\/[\w-]+\.[\w-]{43}$/)
  return new URL(url ?? '').pathname
}

/** The contract's party the accept form names (docs/decisions/132), as a customer types them. */
export const PARTY = { nombre: 'Marta Ruiz Etxeberria', direccion: 'Calle Portal de Gamarra 5, 01013 Vitoria-Gasteiz' }

/**
 * The customer's yes on his page, as the contract asks for it: the owner prices the quote (`/presupuesto`, unless
 * `priced` already), the customer accepts it without JavaScript, named and with the express request, and its
 * confirmation e-mail reaches him; only then does the owner's message offer '🔧 En reparación' once the device is
 * in (docs/decisions/132).
 */
export async function acceptOnStack(
  quote: { reference: string; link: string; email: string },
  { amount = '25', priced = false }: { amount?: string; priced?: boolean } = {},
) {
  if (!priced) await say(`/presupuesto ${quote.reference} ${amount}`)
  const version =
    (await page(quote.link)).document.querySelector('.offer-panel input[name="version"]')?.getAttribute('value') ?? ''
  expect(version, 'an open price on the page').not.toBe('')
  const yes = await postTrackingForm(quote.link, { version, decision: 'aceptar', solicitud_expresa: 'si', ...PARTY })
  expect(yes.response.status).toBe(303)
  return mailed(quote.email, 'Presupuesto aceptado')
}
