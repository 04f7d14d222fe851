import { Module } from '@nestjs/common';
import { MessagesProjectionModule } from '../projection/messages-projection.module';
import { RegisterStateHandler } from './register-state.handler';

/** The messages service's part of `POST /register`. */
@Module({ imports: [MessagesProjectionModule], controllers: [RegisterStateHandler] })
export class RegisterModule {}
