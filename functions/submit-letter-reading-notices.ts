// The submit function of a letter whose body may also name a notice of the caller's (`readsNotices` in
// its facts: the appeal's `notice_id`): the entry of every letter's (submit-letter.ts), its check handed
// the caller's notices too, so that this bundle, and no other form's, carries their reads and is granted them.
import { form } from '#form/check.ts';
import * as figures from '#form-profit';
import { letterReads } from '#shared/wiring/named-attachments.ts';
import { readingNotices } from '#shared/wiring/named-notice.ts';
import { submitHandler } from '#shared/wiring/submit-handler.ts';

export const handler = submitHandler(form, figures, readingNotices(letterReads));
