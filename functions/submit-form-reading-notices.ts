// The submit function of a form whose body may name a notice of the caller's (`readsNotices` in its
// facts: the appeal's `notice_id`): the entry of every form's (submit-form.ts), its check handed the
// caller's notices, so that this bundle, and no other form's, carries their reads and is granted them.
import { form } from '#form/check.ts';
import * as figures from '#form-profit';
import { namedNotices } from '#shared/wiring/named-notice.ts';
import { submitHandler } from '#shared/wiring/submit-handler.ts';

export const handler = submitHandler(form, figures, namedNotices);
