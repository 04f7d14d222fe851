import { Module } from '@nestjs/common';
import { LOGGER, ObjectStore, SERVICE_CONFIG, type Logger } from '@zulip-es/platform';
import type { GatewayConfig } from '../config';
import { FileReceiver } from './file-receiver';
import { TemporaryUrls } from './temporary-url';

/** Files: the object store, what receives an operation's file, and the signed temporary URLs. */
@Module({
  providers: [
    { provide: ObjectStore, inject: [SERVICE_CONFIG], useFactory: (config: GatewayConfig) => new ObjectStore(config) },
    {
      provide: FileReceiver,
      inject: [ObjectStore, SERVICE_CONFIG, LOGGER],
      useFactory: (objects: ObjectStore, config: GatewayConfig, logger: Logger) =>
        new FileReceiver(objects, config.MAX_FILE_UPLOAD_SIZE_MIB, config.BODY_LIMIT_BYTES, logger),
    },
    {
      provide: TemporaryUrls,
      inject: [SERVICE_CONFIG],
      useFactory: (config: GatewayConfig) => new TemporaryUrls(config.UPLOAD_URL_SECRET),
    },
  ],
  exports: [ObjectStore, FileReceiver, TemporaryUrls],
})
export class ObjectStoreModule {}
