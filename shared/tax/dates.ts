// ELSTER writes dates as TT.MM.JJJJ [E][JL]; requests and tickets carry ISO dates (YYYY-MM-DD).

/** YYYY-MM-DD as ELSTER writes a date: TT.MM.JJJJ. */
export const elsterDate = (isoDate: string) => isoDate.split('-').reverse().join('.');

/** TT.MM.JJJJ back to YYYY-MM-DD; undefined for anything else. */
export function isoDateOf(elster: string): string | undefined {
  const date = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(elster);
  return date ? `${date[3]}-${date[2]}-${date[1]}` : undefined;
}
