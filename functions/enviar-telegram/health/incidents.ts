/**
 * Incidents (migrations/0013_being_told.sql, docs/decisions/128): something that stopped, from when it
 * was found until it was found working again. Whoever finds it opens it (a D1 write that does nothing
 * when one of its kind is open already); whoever finds it working closes it. Telling the owner, once per
 * channel when it starts and again when it is over, is delivery/alarms.ts's, run by the sweep (and at once
 * by a request that found the sweep itself stopped). Every function takes `now` (epoch ms).
 */

/** Where an incident is told: the shop's chat, an e-mail to SHOP_EMAIL. */
export type Channel = 'chat' | 'email'

/** What the owner reads of one kind of incident, and where it is told. */
export interface IncidentKind {
  /** Told there; a channel that cannot work while this is broken is left out (the mail's own e-mail). */
  channels: readonly Channel[]
  /** One line: what stopped. */
  title: string
  /** What it stops, and what to do, in a few lines. */
  advice: string
}

/**
 * The kinds of incident, as data: a new kind is one entry. Their names are what D1 keeps; their words are
 * the owner's (Spanish, with what to do).
 */
export const INCIDENT_KINDS = {
  sweep: {
    channels: ['chat', 'email'],
    title: 'El barrido programado no se ejecuta',
    advice:
      'Sin él no se reintentan los presupuestos que Telegram no tomó ni su copia por correo, no salen los correos pendientes a los clientes, ni los recordatorios, ni el borrado a los 180 días. Los presupuestos nuevos sí se guardan. Qué hacer: en Cloudflare, Workers & Pages → enviar-telegram-production → Settings → Trigger events (dos Cron Triggers), y su registro: `npx wrangler tail --env production --config functions/enviar-telegram/wrangler.toml`. Si empezó con un despliegue: `npm run rollback -- <commit anterior>`.',
  },
  'telegram-bot': {
    channels: ['chat', 'email'],
    title: 'Telegram rechaza el bot',
    advice:
      'Los presupuestos no llegan al chat (cada uno va por correo a SHOP_EMAIL a los 30 minutos) y los botones y comandos no responden. Qué hacer: pide el token a @BotFather (/token, o /revoke si se filtró), escríbelo como TELEGRAM_BOT_TOKEN en secrets.production.env y ejecuta `npm run secrets`.',
  },
  'telegram-webhook': {
    channels: ['chat', 'email'],
    title: 'El webhook de Telegram no funciona',
    advice:
      'Los presupuestos siguen llegando al chat, pero los botones y los comandos (/pendientes, /estado…) no llegan a la función. Qué hacer: `npm run secrets` (sube los secretos y vuelve a registrar el webhook) o `npm run telegram:webhook`; `npm run smoke -- <SITE_URL>` lo comprueba.',
  },
  'mail-domain': {
    channels: ['chat'],
    title: 'El correo no sale: el dominio del remitente no está dado de alta',
    advice:
      'Los correos a los clientes esperan y se prueban una vez por hora; los presupuestos siguen llegando al chat. Qué hacer: en Cloudflare, Compute & AI → Email Service → Email Sending, da de alta el dominio de QUOTE_EMAIL_FROM y espera a que salga verificado (docs/operations/first-deploy.md, "7. E-mail").',
  },
  'mail-sender': {
    channels: ['chat'],
    title: 'El correo no sale: el remitente no está permitido',
    advice:
      'Los correos a los clientes esperan y se prueban una vez por hora; los presupuestos siguen llegando al chat. Qué hacer: QUOTE_EMAIL_FROM debe ser una dirección del dominio dado de alta en Email Sending, la misma que allowed_sender_addresses de [[env.production.send_email]] en functions/enviar-telegram/wrangler.toml; corrígelo y despliega (`npm run deploy:function`).',
  },
  'mail-quota': {
    channels: ['chat'],
    title: 'El correo no sale: se alcanzó el cupo diario de envíos',
    advice:
      'Los correos a los clientes esperan y se prueban una vez por hora hasta que el cupo se renueve; los presupuestos siguen llegando al chat. Qué hacer: si vuelve a pasar, pide más cupo en Cloudflare (Email Service → Limits); mientras, avisa por WhatsApp a quien espere una respuesta.',
  },
} as const satisfies Record<string, IncidentKind>

export type IncidentKindName = keyof typeof INCIDENT_KINDS

/** The mail service's incidents: while one is open, customers' e-mails wait for its next probe. */
export const MAIL_KINDS = ['mail-domain', 'mail-sender', 'mail-quota'] as const satisfies readonly IncidentKindName[]
export type MailKind = (typeof MAIL_KINDS)[number]

/** How much of what was found an incident keeps (and tells). */
export const DETAIL_CHARS = 300

export interface IncidentRow {
  id: number
  kind: IncidentKindName
  detail: string
  opened_at: number
  closed_at: number | null
  retry_at: number | null
  chat_opened_at: number | null
  email_opened_at: number | null
  chat_closed_at: number | null
  email_closed_at: number | null
  tell_lease_until: number | null
  tell_attempts: number
  tell_next_at: number | null
}

/** The columns of a channel a kind does not use are written 0: told, as far as it is concerned. */
const unused = (kind: IncidentKindName, channel: Channel) =>
  (INCIDENT_KINDS[kind].channels as readonly Channel[]).includes(channel) ? null : 0

/**
 * Opens an incident of `kind` unless one is open: true when this call opened it (then it is to be told).
 * An open one keeps its start; its detail and next probe follow what was found last.
 */
export async function openIncident(
  db: D1Database,
  kind: IncidentKindName,
  detail: string,
  now: number,
  { retryAt }: { retryAt?: number } = {},
): Promise<boolean> {
  const text = detail.replace(/\s+/g, ' ').trim().slice(0, DETAIL_CHARS)
  const [inserted] = await db.batch([
    db
      .prepare(
        `INSERT INTO incidents (kind, detail, opened_at, retry_at, chat_opened_at, email_opened_at, chat_closed_at, email_closed_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?5, ?6 WHERE NOT EXISTS (SELECT 1 FROM incidents WHERE kind = ?1 AND closed_at IS NULL)`,
      )
      .bind(kind, text, now, retryAt ?? null, unused(kind, 'chat'), unused(kind, 'email')),
    db
      .prepare(
        'UPDATE incidents SET detail = ?2, retry_at = ?3 WHERE kind = ?1 AND closed_at IS NULL AND changes() = 0',
      )
      .bind(kind, text, retryAt ?? null),
  ])
  return inserted?.meta.changes === 1
}

/** Closes the open incident of each kind given: true when one was open (then its end is to be told). */
export async function closeIncidents(
  db: D1Database,
  kinds: readonly IncidentKindName[],
  now: number,
): Promise<boolean> {
  if (kinds.length === 0) return false
  const result = await db
    .prepare(
      `UPDATE incidents SET closed_at = ?2, tell_next_at = NULL, tell_attempts = 0
       WHERE closed_at IS NULL AND kind IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(kinds), now)
    .run()
  return result.meta.changes > 0
}

/** The incidents open now, oldest first. */
export async function openIncidents(db: D1Database): Promise<IncidentRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM incidents WHERE closed_at IS NULL ORDER BY opened_at, id')
    .all<IncidentRow>()
  return results
}

/**
 * Whether an incident of the mail service is open, and until when customers' e-mails wait for its next
 * hourly probe (null: they may go now; past that time one run tries, and its outcome closes the incident
 * or sets the next probe).
 */
export async function mailState(db: D1Database, now: number): Promise<{ pausedUntil: number | null; open: boolean }> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS open, MAX(retry_at) AS until FROM incidents
       WHERE closed_at IS NULL AND kind IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(MAIL_KINDS))
    .first<{ open: number; until: number | null }>()
  const until = row?.until ?? null
  return { open: (row?.open ?? 0) > 0, pausedUntil: until !== null && until > now ? until : null }
}

/** Whether an incident still owes a telling: its start on a channel, or its end. */
export const owesTelling = (row: IncidentRow): boolean =>
  row.chat_opened_at === null ||
  row.email_opened_at === null ||
  (row.closed_at !== null && (row.chat_closed_at === null || row.email_closed_at === null))

/**
 * Takes the incidents that still owe a telling and are due, for one run (a lease that expires by itself),
 * `limit` at most.
 */
export async function claimTellings(db: D1Database, now: number, leaseMs: number, limit: number) {
  const { results } = await db
    .prepare(
      `UPDATE incidents SET tell_lease_until = ?2
       WHERE id IN (
         SELECT id FROM incidents WHERE (chat_closed_at IS NULL OR email_closed_at IS NULL)
           AND (tell_lease_until IS NULL OR tell_lease_until <= ?1) AND (tell_next_at IS NULL OR tell_next_at <= ?1)
         ORDER BY id LIMIT ?3
       )
       RETURNING *`,
    )
    .bind(now, now + leaseMs, limit)
    .all<IncidentRow>()
  return results.filter(owesTelling).sort((a, b) => a.id - b.id)
}

/** What a telling run did with one incident: the columns it told, and whether it must try again later. */
export async function recordTelling(
  db: D1Database,
  id: number,
  told: Partial<Record<'chat_opened_at' | 'email_opened_at' | 'chat_closed_at' | 'email_closed_at', number>>,
  retryAt: number | null,
): Promise<void> {
  const columns = Object.keys(told) as Array<keyof typeof told>
  await db
    .prepare(
      `UPDATE incidents SET ${columns.map((column, index) => `${column} = COALESCE(${column}, ?${index + 3})`).join(', ')}${columns.length ? ',' : ''}
         tell_lease_until = NULL, tell_attempts = tell_attempts + ?2, tell_next_at = ?1
       WHERE id = ?${columns.length + 3}`,
    )
    .bind(retryAt, retryAt === null ? 0 : 1, ...columns.map((column) => told[column]), id)
    .run()
}

/** Closed incidents are kept this long (for /estado and the record), then erased by the hourly sweep. */
export const INCIDENTS_KEPT_MS = 90 * 24 * 60 * 60 * 1000

/** Erases incidents closed (and told) more than INCIDENTS_KEPT_MS ago. */
export async function pruneIncidents(db: D1Database, now: number): Promise<void> {
  await db
    .prepare(
      'DELETE FROM incidents WHERE closed_at < ?1 AND chat_closed_at IS NOT NULL AND email_closed_at IS NOT NULL',
    )
    .bind(now - INCIDENTS_KEPT_MS)
    .run()
}
