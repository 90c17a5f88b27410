/**
 * What the operator reads and types: whether the findings stop a deploy, the report, and the arguments
 * (`site|function`, `--sin-comprobar=<name>`, `--primera-vez`, `--staging`).
 */
import { type Target, type Finding, CHECKS, type CheckName, NEVER_WAIVED, UNCHECKED_FLAG } from './findings'

/** Whether the findings stop a deploy: any problem, and any check that could not run unless allowed. */
export function stops(findings: readonly Finding[], { unchecked = [] }: Waivers = {}): boolean {
  return findings.some(
    (finding) => finding.status === 'problem' || (finding.status === 'skipped' && !waived(finding, unchecked)),
  )
}

/** The checks the operator waived (--sin-comprobar=<name>,…). */
export interface Waivers {
  unchecked?: readonly CheckName[]
}

/** Whether a check that could not run was waived by name (never the secrets nor the migrations). */
const waived = (finding: Finding, unchecked: readonly CheckName[]) =>
  finding.check !== undefined && !NEVER_WAIVED.includes(finding.check) && unchecked.includes(finding.check)

const WHAT: Record<Target, string> = { site: 'la web', function: 'la función', all: 'la web y la función' }
const RED = (text: string) => `\x1b[1;31m${text}\x1b[0m`

/**
 * The findings as the operator reads them: what passed, what could not be checked, what is missing and
 * what to do, what to do later; then whether the deploy goes out. With `unchecked` (--sin-comprobar), what
 * was not checked goes out anyway, and the output says so in red, at the start, on each such line and at the end.
 */
export function report(target: Target, findings: readonly Finding[], { unchecked = [] }: Waivers = {}): string {
  const name = (finding: Finding) =>
    finding.check
      ? ` (${UNCHECKED_FLAG}=${finding.check}${finding.check && NEVER_WAIVED.includes(finding.check) ? ': no se puede saltar' : ''})`
      : ''
  const line = (finding: Finding) =>
    `  - [${finding.worker}] ${finding.text}${finding.status === 'skipped' ? name(finding) : ''}`
  const of = (status: Finding['status']) => findings.filter((finding) => finding.status === status)
  const problems = of('problem')
  const skipped = of('skipped')
  const notes = of('note')
  const waivedNow = skipped.filter((finding) => waived(finding, unchecked))
  const warning = RED(
    `⚠ ${UNCHECKED_FLAG}: se despliega sin comprobar ${waivedNow.length} cosa${waivedNow.length === 1 ? '' : 's'} (${[...new Set(waivedNow.map((finding) => finding.check))].join(', ')}); bajo tu responsabilidad.`,
  )
  const forced = waivedNow.length > 0 && waivedNow.length === skipped.length
  return [
    ...(forced ? [warning] : []),
    `Comprobación previa al despliegue de ${WHAT[target]}:`,
    ...of('ok').map((finding) => `  ✔ [${finding.worker}] ${finding.text}`),
    ...(skipped.length > 0
      ? [
          '',
          forced
            ? RED(
                `Sin comprobar (${skipped.length}; ${UNCHECKED_FLAG}: no se da por buena, pero no detiene el despliegue):`,
              )
            : `Sin comprobar (${skipped.length}; no se pudo, y no se da por buena):`,
          ...skipped.map((finding) =>
            waived(finding, unchecked) ? RED(`${line(finding)} [SIN COMPROBAR]`) : line(finding),
          ),
        ]
      : []),
    ...(problems.length > 0 ? ['', `Falta o está mal (${problems.length}):`, ...problems.map(line)] : []),
    ...(notes.length > 0 ? ['', 'Para después (no impide el despliegue):', ...notes.map(line)] : []),
    '',
    problems.length > 0
      ? 'No se despliega: corrige lo de arriba y vuelve a ejecutarlo.'
      : skipped.length > 0 && !forced
        ? `No se despliega: lo que no se pudo comprobar puede romper la tienda. Resuélvelo (\`npx wrangler login\` o CLOUDFLARE_API_TOKEN, la red, el token del bot en el archivo de secretos) y vuelve a ejecutarlo; o, si sabes lo que haces, sáltate lo que se pueda por su nombre: ${UNCHECKED_FLAG}=${[...new Set(skipped.map((finding) => finding.check).filter((check) => check && !NEVER_WAIVED.includes(check)))].join(',') || '(nada: los secretos y las migraciones no se saltan)'}.`
        : forced
          ? warning
          : 'Nada que impida el despliegue.',
  ].join('\n')
}

/**
 * A script's arguments: the target (site, function, or both without one), `--sin-comprobar=<name>[,<name>]`
 * (the checks waived, by name: CHECKS; never the secrets nor the migrations), `--primera-vez` (the first
 * deploy: the webhook is registered after it) and `--staging` (the staging copy).
 */
export function argumentsOf(args: readonly string[]): {
  target: Target
  unchecked: CheckName[]
  firstDeploy: boolean
  staging: boolean
} {
  const unchecked: CheckName[] = []
  const rest: string[] = []
  for (const arg of args) {
    if (arg === UNCHECKED_FLAG)
      throw new Error(
        `${UNCHECKED_FLAG} nombra lo que se salta: ${UNCHECKED_FLAG}=${Object.keys(CHECKS)
          .filter((check) => !NEVER_WAIVED.includes(check as CheckName))
          .join(',')} (los secretos y las migraciones no se saltan).`,
      )
    if (arg.startsWith(`${UNCHECKED_FLAG}=`)) {
      for (const name of arg.slice(UNCHECKED_FLAG.length + 1).split(',')) {
        if (!(name in CHECKS))
          throw new Error(
            `${UNCHECKED_FLAG}: no hay ninguna comprobación «${name}» (${Object.keys(CHECKS).join(', ')}).`,
          )
        if (NEVER_WAIVED.includes(name as CheckName))
          throw new Error(`${UNCHECKED_FLAG}=${name}: ${CHECKS[name as CheckName]} no se saltan nunca.`)
        unchecked.push(name as CheckName)
      }
    } else if (arg !== FIRST_DEPLOY_FLAG && arg !== STAGING_FLAG) rest.push(arg)
  }
  if (rest.length > 1)
    throw new Error(`Sobra: ${rest.slice(1).join(' ')} (site, function o nada, y ${UNCHECKED_FLAG}=…).`)
  return {
    target: targetOf(rest[0]),
    unchecked,
    firstDeploy: args.includes(FIRST_DEPLOY_FLAG),
    staging: args.includes(STAGING_FLAG),
  }
}

/** The first deploy: the webhook is registered after it (`npm run secrets`), so its absence is expected. */
export const FIRST_DEPLOY_FLAG = '--primera-vez'
/** The staging copy (`[env.staging]`). */
export const STAGING_FLAG = '--staging'

/** The target named by a script's argument: site, function, or both without one. */
export function targetOf(argument: string | undefined): Target {
  if (argument === undefined || argument === 'all') return 'all'
  if (argument === 'site' || argument === 'function') return argument
  throw new Error(`Destino desconocido: ${argument} (site, function o nada para los dos).`)
}
