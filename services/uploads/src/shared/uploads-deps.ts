import type { ClaimingMessages } from '../projection/claiming-messages';
import type { UploadsRepository } from '../projection/uploads.repository';

/** What every uploads handler works with (provided by the projection module). */
export interface UploadsDeps {
  repo: UploadsRepository;
  /** The server's `MAX_FILE_UPLOAD_SIZE_MIB` (Zulip's `max_file_upload_size_mib`). */
  maxFileUploadSizeMib: number;
  /** The server's `UPLOAD_QUOTA_MIB`: the organization's upload space. */
  uploadQuotaMib: number;
  /** Which messages claim uploads (deletions look up only those). */
  claiming: ClaimingMessages;
  /** What organization exports show and say: the site's URL (archive URLs) and who to ask for a manual export. */
  realmExports: { realmUrl: string; supportEmail: string; perWeek: number };
}

export const UPLOADS_DEPS = Symbol('UPLOADS_DEPS');
