import { Module } from '@nestjs/common';
import { UsersProjectionModule } from '../projection/users-projection.module';
import { RegisterHandler } from './register.handler';

/** The users service's part of `POST /register`. */
@Module({ imports: [UsersProjectionModule], controllers: [RegisterHandler] })
export class RegisterModule {}
