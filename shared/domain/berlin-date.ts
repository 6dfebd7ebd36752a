// ELSTER is a German authority and its deadlines run by the German calendar: a filing made at
// 00:30 in Berlin belongs to that day, not to the day before in UTC.
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Berlin calendar day of `at`, YYYY-MM-DD. */
export const berlinDate = (at: Date): string => berlinDay.format(at);
