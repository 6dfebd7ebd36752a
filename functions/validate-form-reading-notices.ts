// The validate function of a form whose body may name a notice of the caller's (`readsNotices` in its
// facts): the entry of every form's (validate-form.ts), its check handed the caller's notices.
import { validation } from '#form/validation.ts';
import { namedNotices } from '#shared/wiring/named-notice.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(validation, namedNotices);
