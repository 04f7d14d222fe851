import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { AddPlaygroundHandler } from './add-playground/add-playground.handler';
import { RemovePlaygroundHandler } from './remove-playground/remove-playground.handler';

/** The organization's code playgrounds. */
@Module({ imports: [UsersProjectionModule], controllers: [AddPlaygroundHandler, RemovePlaygroundHandler] })
export class PlaygroundsModule {}
