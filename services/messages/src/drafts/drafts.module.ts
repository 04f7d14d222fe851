import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { ClearDraftsHandler } from './clear-drafts/clear-drafts.handler';
import { CreateDraftsHandler } from './create-drafts/create-drafts.handler';
import { DeleteDraftHandler } from './delete-draft/delete-draft.handler';
import { EditDraftHandler } from './edit-draft/edit-draft.handler';
import { GetDraftsHandler } from './get-drafts/get-drafts.handler';

/** Each user's drafts, and their removal when the user turns drafts synchronization off. */
@Module({
  imports: [MessagesProjectionModule],
  controllers: [GetDraftsHandler, CreateDraftsHandler, EditDraftHandler, DeleteDraftHandler, ClearDraftsHandler],
})
export class DraftsModule {}
