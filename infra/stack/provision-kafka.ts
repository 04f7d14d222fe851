/**
 * Kafka's jars, fetched once per machine from Maven Central into <cache>/kafka-<version>/libs by
 * a throw-away pom and `mvn dependency:copy-dependencies`. A marker file written last tells a
 * complete download from one that was interrupted (which is redone).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { withLock } from './lock';
import { cacheDir } from './paths';
import { ensureSystemCommand } from './provision-system';
import { run, withHeartbeat, type Say } from './util';

export const KAFKA_VERSION = '3.9.1';
const SCALA = '2.13';

const DEPENDENCIES = [
  ['org.apache.kafka', `kafka_${SCALA}`, KAFKA_VERSION],
  ['org.slf4j', 'slf4j-reload4j', '1.7.36'],
  ['ch.qos.reload4j', 'reload4j', '1.2.25'],
] as const;

export const kafkaHome = (): string => path.join(cacheDir(), `kafka-${KAFKA_VERSION}`);
export const kafkaLibs = (): string => path.join(kafkaHome(), 'libs');
const marker = (): string => path.join(kafkaHome(), '.complete');

/** Makes sure java and the Kafka jars are there; returns the jar directory. */
export async function ensureKafka(say: Say): Promise<string> {
  await ensureSystemCommand('kafka', 'java', 'default-jre-headless', say);
  if (fs.existsSync(marker())) {
    say(`kafka: cached (${kafkaLibs()})`);
    return kafkaLibs();
  }
  return withLock(path.join(cacheDir(), `.lock-kafka-${KAFKA_VERSION}`), say, 'kafka', async () => {
    if (fs.existsSync(marker())) {
      say('kafka: cached (fetched by another run)');
      return kafkaLibs();
    }
    await ensureSystemCommand('kafka', 'mvn', 'maven', say);
    const started = Date.now();
    say(`kafka: fetching Kafka ${KAFKA_VERSION} jars with Maven (first run, ~1 min)…`);
    await withHeartbeat(say, 'kafka: fetching', fetchJars);
    say(`kafka: fetched in ${Math.round((Date.now() - started) / 1000)} s`);
    return kafkaLibs();
  });
}

async function fetchJars(): Promise<void> {
  fs.rmSync(kafkaLibs(), { recursive: true, force: true });
  fs.mkdirSync(kafkaHome(), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'zulip-es-kafka-pom-'));
  try {
    fs.writeFileSync(path.join(scratch, 'pom.xml'), pom());
    await run('mvn', ['-q', '-B', 'dependency:copy-dependencies', `-DoutputDirectory=${kafkaLibs()}`, '-DincludeScope=runtime'], {
      cwd: scratch,
      logPath: path.join(kafkaHome(), 'fetch.log'),
    });
    const jars = fs.readdirSync(kafkaLibs()).filter((name) => name.endsWith('.jar'));
    if (!jars.some((name) => name.startsWith(`kafka_${SCALA}-`))) {
      throw new Error(`kafka: Maven finished but ${kafkaLibs()} holds no kafka_${SCALA} jar`);
    }
    fs.writeFileSync(marker(), `${new Date().toISOString()} ${jars.length} jars\n`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function pom(): string {
  const deps = DEPENDENCIES.map(
    ([groupId, artifactId, version]) =>
      `    <dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></dependency>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>zulip-es.local</groupId>
  <artifactId>kafka-runtime</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
${deps}
  </dependencies>
</project>
`;
}
