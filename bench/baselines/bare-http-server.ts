/**
 * The floor for routes with no Kafka hop: the services' own framework stack (NestJS on
 * fastify, as startServiceApp builds it) with one route and nothing else.
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { runBenchChild } from '../lib/child-main';

@Module({})
class BareModule {}

async function main(): Promise<() => Promise<unknown>> {
  const port = Number(process.env.BARE_HTTP_PORT);
  const app = await NestFactory.create<NestFastifyApplication>(BareModule, new FastifyAdapter(), { logger: false });
  // Registered on the fastify instance like the services' /health, and about as large a body.
  app
    .getHttpAdapter()
    .getInstance()
    .get('/ping', async () => ({ status: 'ok', service: 'bare', pid: process.pid, uptime_s: Math.round(process.uptime()) }));
  await app.listen(port, '127.0.0.1');
  return () => app.close();
}

runBenchChild(main);
