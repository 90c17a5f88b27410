import { handleQuote, type FunctionEnv } from './handler'

export default {
  fetch: (request, env) => handleQuote(request, env),
} satisfies ExportedHandler<FunctionEnv>
