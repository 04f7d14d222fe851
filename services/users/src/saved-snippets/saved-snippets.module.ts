import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { CreateSavedSnippetHandler } from './create-saved-snippet/create-saved-snippet.handler';
import { DeleteSavedSnippetHandler } from './delete-saved-snippet/delete-saved-snippet.handler';
import { EditSavedSnippetHandler } from './edit-saved-snippet/edit-saved-snippet.handler';
import { GetSavedSnippetsHandler } from './get-saved-snippets/get-saved-snippets.handler';

/** Each user's saved snippets. */
@Module({
  imports: [UsersProjectionModule],
  controllers: [GetSavedSnippetsHandler, CreateSavedSnippetHandler, EditSavedSnippetHandler, DeleteSavedSnippetHandler],
})
export class SavedSnippetsModule {}
