// Text of ELSTER's character set, umlauts and a hyphen among it, that the oracles fill fields with.

/** A text of `length` characters of ELSTER's character set that ends in no blank. */
export const elsterText = (length: number) =>
  'Müller-Lüdenscheidt '
    .repeat(Math.ceil(length / 20) + 1)
    .slice(0, length)
    .trimEnd()
    .padEnd(length, 'x');
