// npm test: everything the test suite needs, then every test.
//   1. Debian's chromium for the browser tests, installed with apt when missing;
//   2. the blog articles' module (scripts/articles.ts), then the typecheck (tsc, strict);
//   3. the production build (remix build) that the Worker tests serve;
//   4. vitest: unit, worker (built Worker in local workerd) and e2e (Chromium).
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

import { CHROMIUM_PATH } from './chromium'
import { runToEnd } from './workers'

if (!existsSync(CHROMIUM_PATH)) {
  console.log('Instalando chromium (Debian) para las pruebas en navegador...')
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  execSync(`${sudo}apt-get update && ${sudo}DEBIAN_FRONTEND=noninteractive apt-get install -y chromium`, { stdio: 'inherit' })
}

await runToEnd(process.execPath, ['--import', 'tsx', 'scripts/articles.ts'])
await runToEnd('npx', ['tsc'])
await runToEnd('npx', ['remix', 'build'])
await runToEnd('npx', ['vitest', 'run', ...process.argv.slice(2)])
