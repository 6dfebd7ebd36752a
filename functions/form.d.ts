// The parts of a form's folder the entries of its functions import: `#form/` is the folder of the form
// a bundle is built for (bundleAliases in shared/manifest.ts). Every form's check.ts and validation.ts
// export them under these names and types, and `#form-profit` is its profit.ts where it has one;
// shared/forms/registry.test.ts holds each form to it.
declare module '#form/check.ts' {
  import type { Form } from '#shared/forms/check.ts';

  export const form: Form<unknown>;
}

declare module '#form/validation.ts' {
  import type { FormValidation } from '#shared/forms/form.ts';

  export const validation: FormValidation;
}

declare module '#form-profit' {
  import type { Profit } from '#shared/forms/form.ts';

  export const profit: Profit | undefined;
  export const prepayment: Profit | undefined;
}
