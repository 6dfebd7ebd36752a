// The appeal's validate function (`validateEinspruch`): an entry of its own rather than the one of
// every form (validate-form.ts), as its check reads the notice a body names (`notice_id`).
import { validation } from '#shared/forms/einspruch/validation.ts';
import { namedNotices } from '#shared/wiring/named-notice.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(validation, namedNotices);
