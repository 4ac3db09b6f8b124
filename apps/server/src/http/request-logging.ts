import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level, Logger } from 'pino';

/**
 * One log line per API request, written when it completes (method, URL, client, status, time),
 * instead of Fastify's two ("incoming request" and "request completed"): half the log volume, and
 * the line that matters carries everything. Static assets are not logged (they would drown the rest).
 */
export class OneLinePerRequest extends LogController {
  constructor() {
    super({ disableRequestLogging: (req: FastifyRequest) => !req.url.startsWith('/api/') });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if ((reply.log as unknown as Logger).isLevelEnabled('info'))
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

type LogFn = (...args: unknown[]) => void;

/**
 * Fastify makes a pino child logger (with the request id bound) for every request; pino serialises
 * the bindings at once. Most requests log nothing at the configured level, so the request's logger
 * is this stand-in, which makes the real child only when a line at an enabled level is written.
 * One small object per request (methods on the prototype).
 */
class LazyChildLogger {
  private real: Logger | null = null;
  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
  ) {}
  private made(): Logger {
    return (this.real ??= this.parent.child(this.bindings));
  }
  private write(level: Level, args: unknown[]): void {
    if (!(this.real ?? this.parent).isLevelEnabled(level)) return;
    const real = this.made();
    (real[level] as LogFn).apply(real, args);
  }
  get level(): string {
    return (this.real ?? this.parent).level;
  }
  set level(level: string) {
    this.made().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.real ?? this.parent).isLevelEnabled(level);
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, opts?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, opts);
  }
}

/** Fastify's childLoggerFactory: the lazy stand-in, or the real child for a route with its own level or serializers. */
export function lazyRequestLogger(parent: FastifyBaseLogger, bindings: Bindings, opts: ChildLoggerOptions): FastifyBaseLogger {
  if (opts.level !== undefined || opts.serializers !== undefined) return parent.child(bindings, opts);
  // The app's logger is pino (runtime.ts), whose children have isLevelEnabled.
  return new LazyChildLogger(parent as unknown as Logger, bindings) as unknown as FastifyBaseLogger;
}
