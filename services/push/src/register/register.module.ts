import { Module } from '@nestjs/common';
import { PushProjectionModule } from '../projection/push-projection.module';
import { RegisterStateHandler } from './register-state.handler';

/** The push service's part of `POST /register`. */
@Module({ imports: [PushProjectionModule], controllers: [RegisterStateHandler] })
export class RegisterModule {}
