import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import type { z } from 'zod';
import { loadConfig } from '../config/load-config';
import { SERVICE_CONFIG } from './tokens';

/**
 * `@nestjs/config` with the service's zod schema as its validation: every bad variable is
 * reported by name at start (ConfigError), and the parsed values are what `SERVICE_CONFIG` holds.
 */
@Module({})
export class ServiceConfigModule {
  static forRoot(schema: z.ZodObject): DynamicModule {
    return {
      module: ServiceConfigModule,
      global: true,
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, cache: true, validate: (env) => loadConfig(schema, env) })],
      providers: [
        {
          provide: SERVICE_CONFIG,
          inject: [ConfigService],
          useFactory: (config: ConfigService) => Object.fromEntries(Object.keys(schema.shape).map((name) => [name, config.get(name)])),
        },
      ],
      exports: [SERVICE_CONFIG],
    };
  }
}
