// Each form's module, keyed by form so the compiler demands every one, loaded the first time the
// form is used. A function of one form imports that form's module directly and so carries no other;
// the generic functions (transmit, the sandbox) look it up here.
import type { Kind } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';

const modules: { readonly [K in Kind]: () => Promise<FormModule<K>> } = {
  ustva: () => import('#shared/forms/ustva/module.ts').then(({ ustvaModule }) => ustvaModule),
  est: () => import('#shared/forms/est/module.ts').then(({ estModule }) => estModule),
  ust: () => import('#shared/forms/ust/module.ts').then(({ ustModule }) => ustModule),
  lsta: () => import('#shared/forms/lsta/module.ts').then(({ lstaModule }) => lstaModule),
  zm: () => import('#shared/forms/zm/module.ts').then(({ zmModule }) => zmModule),
};

export const loadForm = <K extends Kind>(kind: K): Promise<FormModule<K>> => modules[kind]();
