import { Logger } from '@aws-lambda-powertools/logger';

// One logger per container. Log lines carry codes, ticket IDs and counts, never request bodies:
// tax data (IdNr, tax numbers, IBANs, names, amounts) must not reach a log line.
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'steuerbote' });

/** What of an unexpected error may be logged: its kind and message, without stack or data. */
export const describeError = (error: unknown) => (error instanceof Error ? { name: error.name, message: error.message } : { name: typeof error });
