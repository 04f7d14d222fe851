import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { AddCustomEmojiHandler } from './add-custom-emoji/add-custom-emoji.handler';
import { DeactivateCustomEmojiHandler } from './deactivate-custom-emoji/deactivate-custom-emoji.handler';
import { GetCustomEmojiHandler } from './get-custom-emoji/get-custom-emoji.handler';

/** The organization's custom emoji: their images in the uploads bucket, their names here. */
@Module({ imports: [UsersProjectionModule], controllers: [GetCustomEmojiHandler, AddCustomEmojiHandler, DeactivateCustomEmojiHandler] })
export class CustomEmojiModule {}
