// The appeal's submit function (`submitEinspruch`): an entry of its own rather than the one of every
// form (submit-form.ts), as its check reads the notice a body names (`notice_id`), and so its bundle
// and its grants carry the notices' reads, which no other form's function has.
import { form } from '#shared/forms/einspruch/check.ts';
import { namedNotices } from '#shared/wiring/named-notice.ts';
import { submitHandler } from '#shared/wiring/submit-handler.ts';

export const handler = submitHandler(form, {}, namedNotices);
