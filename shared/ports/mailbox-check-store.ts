import type { MailboxCheck } from '#shared/domain/notice.ts';

/** The mailbox checks: the record of the work their queue only wakes. */
export interface MailboxCheckStore {
  /** False when a check of that ID exists already. */
  create(check: MailboxCheck): Promise<boolean>;
  get(checkId: string): Promise<MailboxCheck | undefined>;
  /** Moves the check on; a check that is done or failed stays so (false then). */
  update(
    checkId: string,
    change: Partial<Pick<MailboxCheck, 'status' | 'found' | 'stored' | 'confirmed' | 'unconfirmed' | 'error'>>,
    at: string,
  ): Promise<boolean>;
  /** The checks not yet done whose last change is older than `before` (ISO). */
  stale(before: string): Promise<Pick<MailboxCheck, 'check_id' | 'updated_at'>[]>;
  /** Whether a check reading the certificate's mailbox is still open. */
  fetching(certificateId: string): Promise<boolean>;
}
