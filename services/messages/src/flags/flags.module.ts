import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { MarkReadHandler } from './mark-read/mark-read.handlers';
import { UpdateFlagsForNarrowHandler } from './update-flags/update-flags-for-narrow.handler';
import { UpdateFlagsHandler } from './update-flags/update-flags.handler';

/** Each user's message flags: read, starred and the others, by message, by narrow, by channel or topic, or all at once. */
@Module({
  imports: [MessagesProjectionModule],
  controllers: [UpdateFlagsHandler, UpdateFlagsForNarrowHandler, MarkReadHandler],
})
export class FlagsModule {}
