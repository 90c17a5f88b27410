/**
 * `cloudflare:workers` for the unit tests, which run the function's modules in Node: its
 * WorkerEntrypoint as workerd constructs it, (ctx, env). The Worker tests run the real one.
 */
export class WorkerEntrypoint<Env = unknown> {
  protected ctx: ExecutionContext
  protected env: Env
  constructor(ctx: ExecutionContext, env: Env) {
    this.ctx = ctx
    this.env = env
  }
}
