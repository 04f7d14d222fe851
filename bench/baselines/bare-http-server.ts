/**
 * The floor for routes with no Kafka hop: the services' own framework stack (NestJS on
 * fastify, as startServiceApp builds it) with one route and nothing else.
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { StackEndpointsSchema } from '../../libs/platform/src/config/stack-endpoints';
import { runBenchChild } from '../lib/child-main';

/** About what an event queue read does when nothing is queued: one small script, by its digest. */
const READ_SCRIPT = `local n = redis.call('HGET', KEYS[1], 'next') return {n or 0, ARGV[1]}`;

@Module({})
class BareModule {}

async function main(): Promise<() => Promise<unknown>> {
  const port = Number(process.env.BARE_HTTP_PORT);
  const redis = new Redis(StackEndpointsSchema.parse(process.env).REDIS_URL);
  const sha = String(await redis.script('LOAD', READ_SCRIPT));
  const app = await NestFactory.create<NestFastifyApplication>(BareModule, new FastifyAdapter(), { logger: false });
  const fastify = app.getHttpAdapter().getInstance();
  // Registered on the fastify instance like the services' /health, and about as large a body.
  fastify.get('/ping', async () => ({ status: 'ok', service: 'bare', pid: process.pid, uptime_s: Math.round(process.uptime()) }));
  // The same with one Redis round trip: the floor of GET /events with nothing queued.
  fastify.get('/redis', async () => ({
    result: 'success',
    msg: '',
    events: [],
    queue_id: await redis.evalsha(sha, 1, 'bench:bare-queue', 'q'),
  }));
  await app.listen(port, '127.0.0.1');
  return async () => {
    await app.close();
    redis.disconnect();
  };
}

runBenchChild(main);
