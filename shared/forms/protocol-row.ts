import type { FieldValue } from '#shared/forms/element-body.ts';

/** One line of a PDF protocol: a figure of the return as transmitted, in the form's words. */
export interface ProtocolRow {
  /** The Kennzahl, where the form numbers its lines. */
  kz?: string;
  label: string;
  value: string;
  /** Beside a base whose tax the form computes (UStVA Kz 81: 19 % of it), that tax, so the result can be re-checked on paper. */
  tax?: string;
}

/** The rows of those `labels` whose field the return has, each value as `shown` writes its text. */
export function fieldRows(
  labels: readonly (readonly [field: string, label: string])[],
  fields: ReadonlyMap<string, FieldValue>,
  shown: (text: string, field: string) => string,
): ProtocolRow[] {
  return labels.flatMap(([field, label]) => {
    const text = fields.get(field)?.text;
    return text === undefined ? [] : [{ label, value: shown(text, field) }];
  });
}
