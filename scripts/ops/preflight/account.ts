/** The Cloudflare login, the account both configs pin, and the commit that goes out. */
import { FUNCTION, SITE, type Commit, type DeployedWorker, type WorkerConfig, type Wrangler } from '../production'
import { BOTH, type Findings, wranglerError } from './findings'

/** The account id both wrangler.toml files hold until the operator writes his (`npx wrangler whoami`). */
export const PLACEHOLDER_ACCOUNT_ID = '00000000000000000000000000000000'
const ACCOUNT_ID = /^[0-9a-f]{32}$/

/** What `wrangler whoami --json` says: the accounts the login reaches, no login, or no answer. */
export type Login =
  { kind: 'in'; accounts: Array<{ id: string; name: string }>; who: string } | { kind: 'out' } | { kind: 'unknown' }

/**
 * The Cloudflare login, first (`wrangler whoami --json`): without it every account check is pointless, and
 * a `wrangler deploy` would open a browser to log in and go ahead. No login is a problem that says what to
 * do; a login that cannot be checked (no network) is not checked.
 */
export async function checkLogin(found: Findings, wrangler: Wrangler): Promise<Login> {
  const result = await wrangler(['whoami', '--json'])
  let answer: { loggedIn?: boolean; email?: string; accounts?: Array<{ id: string; name: string }> } | undefined
  try {
    const text = result.stdout
    answer = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as typeof answer
  } catch {
    answer = undefined
  }
  if (answer?.loggedIn === true) {
    const accounts = answer.accounts ?? []
    const who = answer.email ?? 'un token de API'
    found.ok(
      BOTH,
      `sesión de Cloudflare: ${who} (${accounts.map((account) => account.name).join(', ') || 'sin cuentas'})`,
    )
    return { kind: 'in', accounts, who }
  }
  if (answer?.loggedIn === false) {
    found.problem(
      BOTH,
      'no hay sesión de Cloudflare: ejecuta `npx wrangler login` (o define CLOUDFLARE_API_TOKEN con un token de la cuenta de la tienda) y vuelve a ejecutarlo. Sin ella no se comprueban los secretos ni las migraciones, y no se despliega.',
    )
    return { kind: 'out' }
  }
  found.skipped(
    BOTH,
    'sesion',
    `sesión de Cloudflare: \`npx wrangler whoami\` no respondió (${wranglerError(result)}); ¿hay red? Sin ella no se comprueban los secretos ni las migraciones.`,
  )
  return { kind: 'unknown' }
}

/** Both configs pin one account (`account_id`), the same, and one the login reaches. */
export function checkAccount(found: Findings, site: WorkerConfig, fn: WorkerConfig, login: Login) {
  found.check(BOTH, `cuenta de Cloudflare: ${site.account_id ?? ''}`, () => {
    const ids: Array<[DeployedWorker, string]> = [
      [SITE, String(site.account_id ?? '').trim()],
      [FUNCTION, String(fn.account_id ?? '').trim()],
    ]
    const listed =
      login.kind === 'in' ? ` (tu sesión ve: ${login.accounts.map((a) => `${a.name} ${a.id}`).join('; ')})` : ''
    for (const [worker, id] of ids) {
      if (id === '' || id === PLACEHOLDER_ACCOUNT_ID || !ACCOUNT_ID.test(id))
        found.problem(
          worker.label,
          `account_id de [env.production] en ${worker.config} ${id === PLACEHOLDER_ACCOUNT_ID ? 'es el de ejemplo' : id === '' ? 'falta' : `no es un id de cuenta ("${id}")`}: escribe el de la cuenta de la tienda (\`npx wrangler whoami\` lo lista)${listed}.`,
        )
    }
    const [siteId, fnId] = ids.map(([, id]) => id)
    if (siteId && fnId && ACCOUNT_ID.test(siteId) && ACCOUNT_ID.test(fnId) && siteId !== fnId)
      found.problem(
        BOTH,
        `account_id no coincide: ${siteId} en ${SITE.config}, ${fnId} en ${FUNCTION.config}. Los dos Workers van en la misma cuenta (el service binding solo une Workers de una cuenta).`,
      )
    if (
      login.kind === 'in' &&
      siteId &&
      ACCOUNT_ID.test(siteId) &&
      siteId !== PLACEHOLDER_ACCOUNT_ID &&
      !login.accounts.some((a) => a.id === siteId)
    )
      found.problem(
        BOTH,
        `la sesión de Cloudflare (${login.who}) no llega a la cuenta ${siteId}${listed}: entra con la de la tienda (\`npx wrangler login\`) o corrige account_id.`,
      )
  })
}

/** What goes out is a commit: nothing uncommitted, so each version names the code it runs (deploy --tag). */
export function checkCommit(found: Findings, commit: Commit | null) {
  if (!commit) {
    found.skipped(
      BOTH,
      'commit',
      'commit: esto no es un checkout de git; la versión desplegada no podrá nombrar su commit.',
    )
    return
  }
  if (commit.dirty)
    found.problem(
      BOTH,
      `hay cambios sin commit (\`git status\`): cada versión desplegada lleva su commit (${commit.sha.slice(0, 12)}), y no sería lo que corre. Haz commit (o deshazlos) y vuelve a ejecutarlo.`,
    )
  else found.ok(BOTH, `commit ${commit.sha.slice(0, 12)}: ${commit.subject.slice(0, 80)}`)
}
