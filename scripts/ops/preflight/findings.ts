/**
 * What every check of the preflight reports into (docs/decisions/079, 112): a finding per check, the
 * names a check that could not run is waived by, and the small helpers the checks share.
 */
/** What a deploy sends out: the site, the quote function, or both. */
export type Target = 'site' | 'function' | 'all'

export interface Finding {
  /** Which Worker it is about ('web', 'función', or both). */
  worker: string
  /** Passed, stops the deploy, could not be checked (stops it too without --sin-comprobar), or advice for later. */
  status: 'ok' | 'problem' | 'skipped' | 'note'
  text: string
  /** A check that could not run: its name, which `--sin-comprobar=<name>` waives (if it may be waived). */
  check?: CheckName
}

/**
 * The checks that may not be able to run (no network, no login, no bot token at hand), by the name
 * `--sin-comprobar=<name>[,<name>]` waives them with. The secrets and the migrations are never waived: a
 * Worker without its secrets or on a schema missing a migration breaks the shop (docs/decisions/131).
 */
export const CHECKS = {
  sesion: 'la sesión de Cloudflare (`wrangler whoami`)',
  commit: 'el commit (fuera de git)',
  webhook: 'el webhook de Telegram',
  stripe: 'la cuenta y el webhook de Stripe',
  secretos: 'los secretos en Cloudflare',
  migraciones: 'las migraciones de D1 en remoto',
} as const
export type CheckName = keyof typeof CHECKS
/** What --sin-comprobar never waives. */
export const NEVER_WAIVED: readonly CheckName[] = ['secretos', 'migraciones']

/** The flag that lets a deploy go out with checks that could not run. */
export const UNCHECKED_FLAG = '--sin-comprobar'

export const BOTH = 'web y función'

export const hostOf = (url: unknown): string | undefined => {
  try {
    return typeof url === 'string' && url.trim() !== '' ? new URL(url.trim()).host.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

/** A check's findings, built up. */
export class Findings {
  readonly list: Finding[] = []
  problem(worker: string, text: string) {
    this.list.push({ worker, status: 'problem', text })
  }
  skipped(worker: string, check: CheckName, text: string) {
    this.list.push({ worker, status: 'skipped', text, check })
  }
  note(worker: string, text: string) {
    this.list.push({ worker, status: 'note', text })
  }
  ok(worker: string, text: string) {
    this.list.push({ worker, status: 'ok', text })
  }
  /** Runs `check`; it passed (`passed`) if it added no problem. */
  check(worker: string, passed: string, check: () => void) {
    const before = this.list.filter((finding) => finding.status === 'problem').length
    check()
    if (this.list.filter((finding) => finding.status === 'problem').length === before) this.ok(worker, passed)
  }
}

/** What wrangler said when it failed, on one line (its last error line). */
export const wranglerError = (result: { stdout: string; stderr: string }) =>
  (
    `${result.stderr}\n${result.stdout}`
      .split('\n')
      .map((line) => line.replace(/\x1b\[[0-9;]*m/g, '').trim())
      .filter((line) => /error|✘|\[code|not|could/i.test(line))
      .at(-1) ?? 'sin detalle'
  ).slice(0, 200)
