// What a form's submit function finds for `#form-profit` when the form's folder has no `profit.ts`
// (bundleAliases in shared/manifest.ts): no year figure, so its filings take no part in the hints
// across filings.
import type { Profit } from '#shared/forms/form.ts';

export const profit: Profit | undefined = undefined;
