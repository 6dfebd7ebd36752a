// The validate function of a letter whose body may also name a notice of the caller's (`readsNotices`
// in its facts): the entry of every letter's (validate-letter.ts), its check handed the caller's notices too.
import { validation } from '#form/validation.ts';
import { letterChecks } from '#shared/wiring/named-attachments.ts';
import { readingNotices } from '#shared/wiring/named-notice.ts';
import { validateHandler } from '#shared/wiring/validate-handler.ts';

export const handler = validateHandler(validation, readingNotices(letterChecks));
