import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createLogger, LOGGER, NestLogger, onStopSignal, runMain, SERVICE_CONFIG, type Logger } from '@zulip-es/platform';
import type { GatewayConfig } from './config';
import { GatewayModule } from './gateway.module';
import { gatewayAdapter } from './http/gateway-app';

runMain(async () => {
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule, gatewayAdapter(), {
    abortOnError: false,
    logger: new NestLogger(createLogger('gateway', process.env.LOG_LEVEL)),
  });
  const config = app.get<GatewayConfig>(SERVICE_CONFIG);
  await app.listen(config.GATEWAY_PORT, config.BIND_HOST);
  app.get<Logger>(LOGGER).info({ port: config.GATEWAY_PORT, instance: config.INSTANCE_ID }, 'gateway ready');
  onStopSignal(async () => {
    await app.close();
    process.exit(0);
  });
});
