import type { UploadsRepository } from './uploads.repository';

/**
 * The ids of the messages that claim uploads now, in memory, so a deletion (a topic deletion's
 * batch of 100 messages, most claiming nothing) looks up only those among its ids. Trusted at
 * the version of the `attachments` aggregate it was last brought to, as the messages service's
 * list cache is: the projector keeps it current event by event; any other writer (another
 * instance after a rebalance) moves the version past it, and it is read again from the store.
 */
export class ClaimingMessages {
  private ids = new Set<number>();
  private at: number | null = null;

  constructor(private readonly repo: Pick<UploadsRepository, 'messageClaims'>) {}

  async atVersion(version: number): Promise<ReadonlySet<number>> {
    if (this.at !== version) {
      const docs = await this.repo.messageClaims.find({});
      this.ids = new Set(docs.filter((d) => d.attachmentIds.length > 0).map((d) => d.messageId));
      this.at = version;
    }
    return this.ids;
  }

  /** The projector applied event `version` (the one after `version - 1`); `claims`: a message's claims it left. */
  applied(version: number, claims?: { messageId: number; any: boolean }): void {
    if (this.at !== version - 1) {
      this.at = null;
      return;
    }
    if (claims?.any) this.ids.add(claims.messageId);
    else if (claims) this.ids.delete(claims.messageId);
    this.at = version;
  }
}
