// npm test: everything the test suite needs, the checks that gate a change, then every test.
//   1. Debian's chromium for the browser tests, installed with apt when missing;
//   2. the blog articles' module (scripts/build/articles.ts) and the pages' behaviour modules (scripts/build/enhancements.ts);
//   3. the formatter's check (Prettier), the linter (ESLint, with the architecture's rules), the typecheck
//      (tsc, strict: app, functions, scripts, tests);
//   4. the production build (remix build) that the Worker tests serve, and both Workers through
//      `wrangler deploy --dry-run` with their sizes (scripts/build/deploy-check.ts);
//   5. vitest: unit (the Env types and settings docs among them), worker (built Worker in local
//      workerd) and e2e (Chromium).
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

import { CHROMIUM_PATH } from './chromium'
import { runToEnd } from './workers'

if (!existsSync(CHROMIUM_PATH)) {
  console.log('Instalando chromium (Debian) para las pruebas en navegador...')
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  execSync(`${sudo}apt-get update && ${sudo}DEBIAN_FRONTEND=noninteractive apt-get install -y chromium`, {
    stdio: 'inherit',
  })
}

const tsx = (script: string, ...args: string[]) => runToEnd(process.execPath, ['--import', 'tsx', script, ...args])

await tsx('scripts/build/articles.ts')
await tsx('scripts/build/enhancements.ts')
await runToEnd('npx', ['prettier', '--check', '--log-level', 'warn', '.'])
await runToEnd('npx', ['eslint', '--max-warnings', '0', '.'])
await runToEnd('npx', ['tsc'])
await runToEnd('npx', ['remix', 'build'])
await tsx('scripts/build/deploy-check.ts')
await runToEnd('npx', ['vitest', 'run', ...process.argv.slice(2)])
