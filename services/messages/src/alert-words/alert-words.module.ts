import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { AlertWordsHandler } from './alert-words.handlers';

/** Each user's alert words. */
@Module({ imports: [MessagesProjectionModule], controllers: [AlertWordsHandler] })
export class AlertWordsModule {}
