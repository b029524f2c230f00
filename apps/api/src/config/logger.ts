import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from './config.js';

/** JSON lines in production and when piped; readable colours for a person at a terminal. */
/**
 * Never logged: credentials a client sends, and card data. Request bodies are not logged at all
 * (Fastify's request serializer leaves them out); these paths catch a body or card object that
 * a log call might pass on purpose or by mistake.
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.card',
  'body.card',
  'card',
  '*.card',
  'cardNumber',
  '*.cardNumber',
  'cvc',
  '*.cvc',
];

export function createLogger(
  config: Pick<AppConfig, 'logLevel' | 'nodeEnv'>,
  destination?: DestinationStream,
): Logger {
  const pretty = !destination && process.stdout.isTTY && config.nodeEnv !== 'production';
  const options = {
    level: config.logLevel,
    redact: redactPaths,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  };
  return destination ? pino(options, destination) : pino(options);
}
