import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { AddLinkifierHandler } from './add-linkifier/add-linkifier.handler';
import { GetLinkifiersHandler } from './get-linkifiers/get-linkifiers.handler';
import { RemoveLinkifierHandler } from './remove-linkifier/remove-linkifier.handler';
import { ReorderLinkifiersHandler } from './reorder-linkifiers/reorder-linkifiers.handler';
import { UpdateLinkifierHandler } from './update-linkifier/update-linkifier.handler';

/** The organization's linkifiers, in processing order. */
@Module({
  imports: [UsersProjectionModule],
  controllers: [GetLinkifiersHandler, AddLinkifierHandler, UpdateLinkifierHandler, RemoveLinkifierHandler, ReorderLinkifiersHandler],
})
export class LinkifiersModule {}
