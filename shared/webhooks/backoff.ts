// When to try a failed webhook again. Exponential, with jitter so that many deliveries failing
// together do not all return together and hammer a receiver that is just recovering.

/** Seconds after attempt 1, 2, …: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, then 6 h. */
export const schedule = [5, 30, 120, 600, 1800, 3600, 10_800, 21_600] as const;

/**
 * SQS refuses a visibility timeout that ends more than 12 hours after the message was received, and
 * the attempt that asks has run a while since then (up to its function's 60 s): ten minutes short of
 * twelve hours is always accepted.
 */
export const maxDelaySeconds = 12 * 3600 - 600;

/** The longest a delivery of `maxAttempts` attempts can wait between its first and its last, jitter included. */
export function longestScheduleSeconds(maxAttempts: number): number {
  let total = 0;
  for (let attempt = 1; attempt < maxAttempts; attempt++) total += Math.min(maxDelaySeconds, (schedule[Math.min(attempt, schedule.length) - 1] ?? 0) * 1.2);
  return total;
}

export function backoffSeconds(attempt: number, scale: number, random: () => number = Math.random): number {
  const base = schedule[Math.min(attempt, schedule.length) - 1] ?? schedule[0];
  // ±20 % keeps the schedule recognisable while spreading a crowd.
  const jittered = base * (0.8 + 0.4 * random());
  return clamp(Math.round(jittered * scale));
}

/** `Retry-After` as delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when unusable. */
export function retryAfterSeconds(header: string | undefined, now: Date, scale: number): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  // Every HTTP-date form opens with a day name; V8's Date.parse would read "1.5" or "-1" as a
  // day in 2001, i.e. "retry at once", and hammer the receiver that asked for a pause.
  const seconds = /^\d+$/.test(trimmed) ? Number(trimmed) : /^[A-Za-z]{3}/.test(trimmed) ? (Date.parse(trimmed) - now.getTime()) / 1000 : Number.NaN;
  return Number.isFinite(seconds) ? clamp(Math.ceil(Math.max(0, seconds) * scale)) : undefined;
}

const clamp = (seconds: number) => Math.min(maxDelaySeconds, Math.max(0, seconds));
