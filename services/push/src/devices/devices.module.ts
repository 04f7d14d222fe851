import { Module } from '@nestjs/common';
import { PushProjectionModule } from '../projection/push-projection.module';
import { AddTokenHandler } from './add-token/add-token.handler';
import { ForgetTokensHandler } from './forget-tokens/forget-tokens.handler';
import { RecordRegistrationHandler } from './record-registration/record-registration.handler';
import { RegisterDeviceHandler } from './register-device/register-device.handler';
import { RemoveTokenHandler } from './remove-token/remove-token.handler';
import { RemoveUserDevicesHandler } from './remove-user-devices/remove-user-devices.handler';

/** Each user's devices: legacy push tokens and end-to-end encrypted registrations. */
@Module({
  imports: [PushProjectionModule],
  controllers: [
    AddTokenHandler,
    RemoveTokenHandler,
    RegisterDeviceHandler,
    RecordRegistrationHandler,
    ForgetTokensHandler,
    RemoveUserDevicesHandler,
  ],
})
export class DevicesModule {}
