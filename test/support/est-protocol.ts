import { readEstNutzdaten } from '#shared/forms/est/xml-reader.ts';

/** The sandbox protocol's rows of an E10 as `label: value`, as the tests of its Anlagen compare them. */
export async function protocolRows(xml: string, year: number): Promise<string[]> {
  const read = await readEstNutzdaten(xml, year);
  if (!read.ok) throw new Error(JSON.stringify(read.findings));
  return read.figures.map(({ label, value }) => `${label}: ${value}`);
}
