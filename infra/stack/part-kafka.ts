/**
 * Kafka: one KRaft node acting as broker and controller, from the jars in the cache, run with
 * `java ... kafka.Kafka server.properties` (no Kafka distribution, no shell scripts).
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { StackConfig } from './config';
import { GROUP_OFFSETS_RETENTION_MINUTES } from '../../libs/platform/src/kafka/kafka-client';
import { kafkaHealth } from './health';
import { ensureSecureListenerCertificate, secureListenerSettings } from './kafka-secure-listener';
import { withKafkaAdmin } from './kafka-admin';
import type { Part } from './part';
import { logFile, partDir } from './paths';
import { ensureKafka, KAFKA_VERSION, kafkaLibs } from './provision-kafka';
import { ensureTopics, stackTopics } from './topics';
import { run } from './util';

const JVM_OPTIONS = [
  '-Xms256m',
  '-Xmx512m',
  '-XX:+UseG1GC',
  '-XX:MaxGCPauseMillis=20',
  '-XX:+ExitOnOutOfMemoryError',
  '-Djava.awt.headless=true',
];

export function kafkaPart(config: StackConfig): Part {
  const { host, port, controllerPort, securePort } = config.kafka;
  const brokers = config.endpoints.KAFKA_BROKERS;
  const dir = partDir('kafka');
  const dataDir = path.join(dir, 'data');
  const serverProperties = path.join(dir, 'server.properties');
  const log4jProperties = path.join(dir, 'log4j.properties');
  const classpath = (): string => `${kafkaLibs()}/*`;

  return {
    name: 'kafka',
    description: `Kafka ${KAFKA_VERSION} (KRaft, single node)`,
    address: `${host}:${port}`,
    ports: [
      { host, port },
      { host, port: controllerPort },
      { host, port: securePort },
    ],
    commandLineMatch: 'kafka.Kafka',
    startTimeoutMs: 60_000,
    provision: async (say) => void (await ensureKafka(say)),
    prepare: async (say) => {
      fs.mkdirSync(dataDir, { recursive: true });
      await ensureSecureListenerCertificate(host, logFile('kafka'));
      fs.writeFileSync(serverProperties, serverConfig(host, { port, controllerPort, securePort }, dataDir));
      fs.writeFileSync(log4jProperties, log4jConfig(logFile('kafka')));
      if (!fs.existsSync(path.join(dataDir, 'meta.properties'))) {
        const clusterId = newClusterId();
        say(`kafka: formatting storage in ${dataDir} (cluster ${clusterId})`);
        await run(
          'java',
          [
            '-cp',
            classpath(),
            `-Dlog4j.configuration=file:${log4jProperties}`,
            'kafka.tools.StorageTool',
            'format',
            '--ignore-formatted',
            '-t',
            clusterId,
            '-c',
            serverProperties,
          ],
          { logPath: logFile('kafka') },
        );
      }
      return {
        command: 'java',
        args: [...JVM_OPTIONS, '-cp', classpath(), `-Dlog4j.configuration=file:${log4jProperties}`, 'kafka.Kafka', serverProperties],
        cwd: dir,
      };
    },
    health: () => kafkaHealth(brokers),
    afterHealthy: async () => {
      const report = await ensureTopics(brokers);
      const changes = [
        report.created.length ? `created ${report.created.length}` : '',
        report.grown.length ? `added partitions to ${report.grown.join(', ')}` : '',
        report.reconfigured.length ? `reset retention of ${report.reconfigured.join(', ')}` : '',
      ].filter(Boolean);
      return `kafka: topics ready (${report.total}${changes.length ? `; ${changes.join('; ')}` : ', all existed'})`;
    },
    statusDetail: async () => {
      const wanted = stackTopics().map((spec) => spec.name);
      const existing = new Set(await withKafkaAdmin(brokers, (admin) => admin.listTopics()));
      const missing = wanted.filter((name) => !existing.has(name));
      return missing.length === 0 ? `${wanted.length}/${wanted.length} topics` : `missing topics: ${missing.join(', ')}`;
    },
  };
}

/** A random cluster id in Kafka's format: 16 bytes, base64url, no padding (22 characters). */
function newClusterId(): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (!id.startsWith('-')) return id; // a leading dash reads as a command-line flag
  }
}

function serverConfig(
  host: string,
  { port, controllerPort, securePort }: { port: number; controllerPort: number; securePort: number },
  dataDir: string,
): string {
  const settings: Record<string, string | number | boolean> = {
    'process.roles': 'broker,controller',
    'node.id': 1,
    'controller.quorum.voters': `1@${host}:${controllerPort}`,
    listeners: `PLAINTEXT://${host}:${port},CONTROLLER://${host}:${controllerPort},SECURE://${host}:${securePort}`,
    'advertised.listeners': `PLAINTEXT://${host}:${port},SECURE://${host}:${securePort}`,
    'inter.broker.listener.name': 'PLAINTEXT',
    'controller.listener.names': 'CONTROLLER',
    'listener.security.protocol.map': 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SECURE:SASL_SSL',
    ...secureListenerSettings(),
    'log.dirs': dataDir,
    'num.partitions': 1,
    'default.replication.factor': 1,
    'min.insync.replicas': 1,
    'offsets.topic.replication.factor': 1,
    'offsets.retention.minutes': GROUP_OFFSETS_RETENTION_MINUTES,
    // Internal topics sized for one dev node (defaults: 50 partitions, slow to create).
    'offsets.topic.num.partitions': 10,
    'transaction.state.log.replication.factor': 1,
    'transaction.state.log.min.isr': 1,
    'transaction.state.log.num.partitions': 10,
    'group.initial.rebalance.delay.ms': 0,
    'auto.create.topics.enable': false,
    'delete.topic.enable': true,
    'num.network.threads': 3,
    'num.io.threads': 4,
    'num.recovery.threads.per.data.dir': 1,
    'log.retention.hours': 168,
    'log.segment.bytes': 64 * 1024 * 1024,
    'log.retention.check.interval.ms': 300_000,
    // The largest record batch taken, set here rather than left to the default (the same value,
    // 1 MiB and the batch's 12 bytes of log overhead): a command's events must fit in one, and
    // the event store refuses those that would not (MAX_APPEND_BYTES). docker-compose sets it too.
    'message.max.bytes': 1_048_588,
  };
  const lines = Object.entries(settings).map(([key, value]) => `${key}=${value}`);
  return `# Generated by infra/stack/part-kafka.ts at every start; edit that file instead.\n${lines.join('\n')}\n`;
}

function log4jConfig(file: string): string {
  return `# Generated by infra/stack/part-kafka.ts.
log4j.rootLogger=WARN, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=${file}
log4j.appender.file.Append=true
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
# The start and stop lines.
log4j.logger.kafka.server.KafkaRaftServer=INFO
log4j.logger.kafka.Kafka$=INFO
log4j.logger.org.apache.kafka.common.utils.AppInfoParser=WARN
`;
}
