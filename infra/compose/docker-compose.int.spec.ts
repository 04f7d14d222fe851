/**
 * docker-compose.yml, checked without a Docker engine: the compose tool validates and renders it
 * (`config`), and the assertions below hold the rendered model to the facts it must agree with
 * elsewhere in the repository (the topics of libs/contracts, each service's port variable).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_SERVICE_TOPICS, retentionConfig } from '@zulip-es/contracts';
import { PORT_VARS, SERVICES as APP_SERVICES } from '../system/service-process';

const repoRoot = path.resolve(__dirname, '..', '..');
const composeFile = path.join(repoRoot, 'docker-compose.yml');
const INFRA_SERVICES = ['kafka', 'mongo', 'redis', 'minio'] as const;
const API_KEY_SECRET = 'compose-config-check-0123456789abcdef';
const UPLOAD_URL_SECRET = 'compose-config-check-upload-url-0123456789';
/** Both secrets compose requires. */
const SECRETS = { API_KEY_SECRET, UPLOAD_URL_SECRET };

// --- the compose tool ---------------------------------------------------------------------------

interface ComposeTool {
  /** `docker compose` (the v2 plugin) renders JSON itself; Debian's `docker-compose` (v1) YAML. */
  kind: 'plugin' | 'standalone';
  command: string;
  args: string[];
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, input?: string): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd: repoRoot, env, input, encoding: 'utf8', timeout: 120_000 });
}

const succeeds = (command: string, args: string[]) => run(command, args).status === 0;

function findComposeTool(): ComposeTool | undefined {
  if (succeeds('docker', ['compose', 'version'])) return { kind: 'plugin', command: 'docker', args: ['compose', '-f', composeFile] };
  if (succeeds('docker-compose', ['version'])) return { kind: 'standalone', command: 'docker-compose', args: ['-f', composeFile] };
  return undefined;
}

let composeTool: ComposeTool | undefined;

/** The compose tool, looked up once; as root, Debian's `docker-compose` is installed when none is. */
function compose(): ComposeTool {
  if (composeTool) return composeTool;
  composeTool = findComposeTool();
  if (!composeTool && process.getuid?.() === 0 && succeeds('apt-get', ['--version'])) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', 'docker-compose'], env).status === 0;
    if (!install()) {
      run('apt-get', ['update'], env);
      install();
    }
    composeTool = findComposeTool();
  }
  if (!composeTool) {
    throw new Error(
      'checking docker-compose.yml needs `docker compose` (the Docker CLI plugin) or `docker-compose` ' +
        '(Debian: apt-get install docker-compose); neither is installed' +
        (process.getuid?.() === 0 ? ' and installing docker-compose with apt-get failed' : ''),
    );
  }
  return composeTool;
}

/**
 * The variables compose interpolates: only these, so the rendered file shows its own defaults
 * whatever the environment of the test run holds.
 */
function composeEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
  if (process.env.DOCKER_CONFIG) env.DOCKER_CONFIG = process.env.DOCKER_CONFIG;
  for (const [name, value] of Object.entries(extra)) if (value !== undefined) env[name] = value;
  return env;
}

function composeConfig(args: string[], env: NodeJS.ProcessEnv): SpawnSyncReturns<string> {
  const tool = compose();
  return run(tool.command, [...tool.args, 'config', ...args], env);
}

const output = (result: SpawnSyncReturns<string>) =>
  `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;

// --- the rendered model -------------------------------------------------------------------------

interface Healthcheck {
  test?: string[] | string;
}
interface ComposeService {
  image?: string;
  build?: { context?: string; args?: Record<string, string> };
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition?: string }>;
  ports?: Array<string | { target?: number | string; published?: number | string }>;
  healthcheck?: Healthcheck;
  entrypoint?: string[] | string;
  command?: string[] | string;
  restart?: string;
}
interface ComposeModel {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}

/** `config` rendered as JSON: the plugin does it; v1 only writes YAML, parsed by its own PyYAML. */
function renderedModel(): ComposeModel {
  const env = composeEnv(SECRETS);
  const tool = compose();
  const rendered = composeConfig(tool.kind === 'plugin' ? ['--format', 'json'] : [], env);
  if (rendered.status !== 0) throw new Error(`compose config failed:\n${output(rendered)}`);
  if (tool.kind === 'plugin') return JSON.parse(rendered.stdout) as ComposeModel;
  const toJson = 'import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)';
  const converted = run('python3', ['-c', toJson], process.env, rendered.stdout);
  if (converted.status !== 0)
    throw new Error(`could not read docker-compose's YAML with python3 (PyYAML comes with docker-compose):\n${output(converted)}`);
  return JSON.parse(converted.stdout) as ComposeModel;
}

/** Compose writes a literal `$` as `$$`; the scripts here never mean the shell's `$$`. */
const unescapeDollars = (text: string) => text.replace(/\$\$/g, '$');

const asList = (value: string[] | string | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function publishedPorts(service: ComposeService): Array<{ published: string; target: string }> {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'string') {
      const [published, target] = port.split(':').slice(-2);
      return { published, target: target.replace(/\/.*$/, '') };
    }
    return { published: String(port.published), target: String(port.target) };
  });
}

// --- the tests ----------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  let model: ComposeModel;

  beforeAll(() => {
    model = renderedModel();
  }, 600_000); // finding no compose tool may mean installing one

  it('is accepted by `docker compose config -q` when API_KEY_SECRET and UPLOAD_URL_SECRET are set', () => {
    const result = composeConfig(['-q'], composeEnv(SECRETS));
    expect({ status: result.status, output: output(result) }).toEqual({ status: 0, output: '' });
  });

  it.each(Object.keys(SECRETS))('refuses to render without %s, naming the variable', (name) => {
    const result = composeConfig(['-q'], composeEnv(Object.fromEntries(Object.entries(SECRETS).filter(([key]) => key !== name))));
    expect(result.status).not.toBe(0);
    expect(output(result)).toContain(name);
  });

  it('defines the infrastructure, its one-shot init jobs and the five services', () => {
    expect(Object.keys(model.services).sort()).toEqual([...INFRA_SERVICES, 'kafka-init', 'minio-init', ...APP_SERVICES].sort());
    for (const name of INFRA_SERVICES)
      expect({ name, test: asList(model.services[name].healthcheck?.test).length > 0 }).toEqual({ name, test: true });
    for (const name of ['kafka-init', 'minio-init'])
      expect({ name, restart: model.services[name].restart }).toEqual({ name, restart: 'no' });
  });

  it.each(APP_SERVICES)('builds %s from the one Dockerfile with SERVICE naming it', (name) => {
    const service = model.services[name];
    expect(service.build?.args?.SERVICE).toBe(name);
    expect(path.resolve(repoRoot, service.build?.context ?? '')).toBe(repoRoot);
    expect(service.image).toBe(`zulip-es/${name}`);
  });

  it.each(APP_SERVICES)('starts %s only after healthy Kafka, Mongo and Redis and the created topics', (name) => {
    const dependsOn = model.services[name].depends_on ?? {};
    const conditions = Object.fromEntries(Object.entries(dependsOn).map(([dep, spec]) => [dep, spec.condition]));
    expect(conditions).toMatchObject({
      kafka: 'service_healthy',
      'kafka-init': 'service_completed_successfully',
      mongo: 'service_healthy',
      redis: 'service_healthy',
    });
  });

  it('starts uploads only after MinIO is healthy and the bucket exists', () => {
    const dependsOn = model.services.uploads.depends_on ?? {};
    expect(dependsOn.minio?.condition).toBe('service_healthy');
    expect(dependsOn['minio-init']?.condition).toBe('service_completed_successfully');
  });

  it('starts the gateway only after the four domain services are healthy', () => {
    const dependsOn = model.services.gateway.depends_on ?? {};
    for (const name of APP_SERVICES.filter((s) => s !== 'gateway')) {
      expect({ name, condition: dependsOn[name]?.condition }).toEqual({ name, condition: 'service_healthy' });
    }
  });

  it.each(APP_SERVICES)('health-checks %s on the port its own variable sets, reachable from other containers', (name) => {
    const service = model.services[name];
    const [portVar, port] = PORT_VARS[name];
    expect(service.environment?.[portVar]).toBe(String(port));
    expect(asList(service.healthcheck?.test).join(' ')).toContain(`process.env.${portVar}`);
    expect(service.environment).toMatchObject({
      BIND_HOST: '0.0.0.0',
      KAFKA_BROKERS: 'kafka:9092',
      MONGO_URL: 'mongodb://mongo:27017',
      REDIS_URL: 'redis://redis:6379',
      S3_ENDPOINT: 'minio',
      S3_PORT: '9000',
    });
  });

  it('publishes the gateway on 9991 and nothing else', () => {
    expect(publishedPorts(model.services.gateway)).toEqual([{ published: '9991', target: '9991' }]);
    const others = Object.keys(model.services).filter((name) => name !== 'gateway' && (model.services[name].ports ?? []).length > 0);
    expect(others).toEqual([]);
  });

  it("gives the services MinIO's root credentials and the bucket minio-init creates", () => {
    const minio = model.services.minio.environment ?? {};
    const init = model.services['minio-init'].environment ?? {};
    for (const name of APP_SERVICES) {
      const env = model.services[name].environment ?? {};
      expect({ name, key: env.S3_ACCESS_KEY, secret: env.S3_SECRET_KEY, bucket: env.S3_BUCKET }).toEqual({
        name,
        key: minio.MINIO_ROOT_USER,
        secret: minio.MINIO_ROOT_PASSWORD,
        bucket: init.S3_BUCKET,
      });
    }
    expect((minio.MINIO_ROOT_PASSWORD ?? '').length).toBeGreaterThanOrEqual(8);
  });

  it('bounds Redis in memory and never evicts (BullMQ jobs are data)', () => {
    const command = asList(model.services.redis.command);
    expect(command[command.indexOf('--maxmemory') + 1]).toBe('1gb');
    expect(command[command.indexOf('--maxmemory-policy') + 1]).toBe('noeviction');
  });

  it('keeps topic auto-creation off in the broker', () => {
    expect(model.services.kafka.environment?.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
  });

  it('creates every topic of libs/contracts (ALL_SERVICE_TOPICS) with its partitions and retention, and no other', () => {
    const init = model.services['kafka-init'];
    const env = init.environment ?? {};
    const [shell, ...shellArgs] = asList(init.entrypoint);
    const command = asList(init.command);
    expect(command).toHaveLength(1);

    // Run the job's script as the container would, with kafka-topics.sh replaced by a recorder.
    const dir = mkdtempSync(path.join(tmpdir(), 'kafka-init-'));
    try {
      const fake = path.join(dir, 'kafka-topics.sh');
      const calls = path.join(dir, 'calls');
      writeFileSync(fake, `#!/bin/sh\n{ for a in "$@"; do printf '%s\\n' "$a"; done; echo '--end--'; } >> "${calls}"\n`, { mode: 0o755 });
      writeFileSync(calls, '');
      const result = run(shell, [...shellArgs, unescapeDollars(command[0])], {
        PATH: process.env.PATH,
        ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v ?? ''])),
        KAFKA_TOPICS_CMD: fake,
      });
      expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });

      const invocations = readFileSync(calls, 'utf8')
        .split('--end--\n')
        .filter(Boolean)
        .map((block) => block.trimEnd().split('\n'));
      const created = invocations.map((args) => {
        const value = (flag: string) => args[args.indexOf(flag) + 1];
        expect(args).toEqual(expect.arrayContaining(['--create', '--if-not-exists']));
        expect(value('--bootstrap-server')).toBe(model.services.users.environment?.KAFKA_BROKERS);
        expect(value('--replication-factor')).toBe('1');
        return {
          topic: value('--topic'),
          partitions: Number(value('--partitions')),
          config: args.filter((_, i) => args[i - 1] === '--config').sort(),
        };
      });
      const expected = ALL_SERVICE_TOPICS.map((topic) => ({
        topic: topic.name,
        partitions: topic.partitions,
        config: Object.entries(retentionConfig(topic.retention))
          .map(([k, v]) => `${k}=${v}`)
          .sort(),
      }));
      const byTopic = (a: { topic: string }, b: { topic: string }) => a.topic.localeCompare(b.topic);
      expect(created.sort(byTopic)).toEqual(expected.sort(byTopic));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
