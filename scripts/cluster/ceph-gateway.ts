/**
 * A real S3 for the cluster: a one-node Ceph cluster (one monitor, one OSD on memstore, one RADOS
 * Gateway) on loopback, every file under one temporary folder, no ceph-mgr (RGW does not need one;
 * it costs 300 MB). The recipe and its measurements: /work/shared/STACK.md, decision 142.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/testing/free-port';

export interface S3Gateway {
  /** Which server answers: `ceph` (RADOS Gateway) or `s3rver` (the emulator). */
  readonly kind: 'ceph' | 's3rver';
  readonly endpoint: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Ends every process it started and removes its folder. */
  stop(): Promise<void>;
}

export interface CephGatewayOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The folder the temporary one goes in (the system's temp folder by default). */
  parentDir?: string;
  /** RGW's port; a free one when left out. */
  port?: number;
  log?: (line: string) => void;
}

const CEPH_BINARIES = [
  'ceph-mon',
  'ceph-osd',
  'radosgw',
  'ceph',
  'radosgw-admin',
  'ceph-authtool',
  'monmaptool',
  // util-linux: gives each daemon a parent-death signal.
  'setpriv',
];

const binaryPath = (name: string) =>
  ['/usr/bin', '/usr/local/bin', '/usr/sbin']
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file));

/** The Ceph programs this machine lacks (none: Ceph can run here). */
export function missingCephBinaries(): string[] {
  return CEPH_BINARIES.filter((name) => !binaryPath(name));
}

export const CEPH_INSTALL_HINT = 'sudo apt-get install -y ceph-mon ceph-osd radosgw ceph-common';

function run(file: string, args: string[], timeoutMs = 30_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        reject(
          new Error(`${path.basename(file)} ${args.join(' ')} failed: ${stderr || error.message}`.trim()),
        );
      } else {
        resolve(stdout);
      }
    });
  });
}

async function logTail(file: string, lines = 15): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const tail = text.trimEnd().split('\n').slice(-lines).join('\n');
  return tail ? `\n--- last lines of ${file} ---\n${tail}` : `\n(${file} is empty or missing)`;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function exitOf(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Starts the Ceph cluster and resolves once RGW answers S3 with the given user's keys. */
export async function startCephGateway(options: CephGatewayOptions = {}): Promise<S3Gateway> {
  const missing = missingCephBinaries();
  if (missing.length > 0) {
    throw new Error(`Ceph is not installed (missing: ${missing.join(', ')}): ${CEPH_INSTALL_HINT}`);
  }
  const log = options.log ?? (() => undefined);
  const accessKeyId = options.accessKeyId ?? 'CLUSTERACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? 'cluster-secret-key-of-the-test-gateway';
  const dir = await mkdtemp(path.join(options.parentDir ?? tmpdir(), 'ceph-'));
  const conf = path.join(dir, 'ceph.conf');
  const keyring = path.join(dir, 'keyring');
  const logDir = path.join(dir, 'log');
  const [monV2, monV1, rgwPort] = await Promise.all([
    freePort(),
    freePort(),
    options.port === undefined ? freePort() : Promise.resolve(options.port),
  ]);
  const fsid = randomUUID();
  const osdUuid = randomUUID();
  const monAddress = `[v2:127.0.0.1:${monV2},v1:127.0.0.1:${monV1}]`;
  const endpoint = `http://127.0.0.1:${rgwPort}`;

  const daemons: { name: string; child: ChildProcess; logFile: string }[] = [];
  // Synchronous: the one thing still possible while the process exits.
  const killAll = () => {
    for (const { child } of daemons) {
      if (!exited(child)) child.kill('SIGKILL');
    }
  };
  process.once('exit', killAll);

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', killAll);
    // memstore keeps nothing, so nothing is lost by not waiting long: SIGTERM, then SIGKILL.
    const running = daemons.filter(({ child }) => !exited(child)).map(({ child }) => child);
    for (const child of running) child.kill('SIGTERM');
    const done = await Promise.all(running.map((child) => exitOf(child, 1500)));
    const stubborn = running.filter((_, index) => !done[index]);
    for (const child of stubborn) child.kill('SIGKILL');
    await Promise.all(stubborn.map((child) => exitOf(child, 5000)));
    await rm(dir, { recursive: true, force: true });
  };

  const ceph = (...args: string[]) =>
    run(binaryPath('ceph')!, ['-c', conf, '--connect-timeout', '10', ...args], 20_000);

  /** A daemon in the foreground, as our child: it dies with us (parent-death signal) and on stop(). */
  const startDaemon = (name: string, binary: string, args: string[]) => {
    // `log file = .../$name.log`: the daemon's full name (mon.a, osd.0, client.rgw.a).
    const logFile = path.join(logDir, `${name}.log`);
    const child = spawn(
      binaryPath('setpriv')!,
      ['--pdeathsig', 'KILL', '--', binaryPath(binary)!, '-f', '-c', conf, ...args],
      { stdio: 'ignore' },
    );
    daemons.push({ name, child, logFile });
    return child;
  };

  const failure = async (what: string, daemon?: string) => {
    const entry = daemons.find((candidate) => candidate.name === daemon);
    const state =
      entry && exited(entry.child)
        ? ` (${daemon} exited with ${entry.child.exitCode ?? entry.child.signalCode})`
        : '';
    return new Error(`Ceph did not start: ${what}${state}` + (entry ? await logTail(entry.logFile) : ''));
  };

  /** Polls `check` until it holds; a daemon that exits or the deadline ends the wait with its log. */
  const waitUntil = async (
    what: string,
    daemon: string,
    timeoutMs: number,
    check: () => Promise<boolean>,
  ) => {
    const deadline = Date.now() + timeoutMs;
    const entry = daemons.find((candidate) => candidate.name === daemon)!;
    while (Date.now() < deadline) {
      if (exited(entry.child)) throw await failure(what, daemon);
      if (await check().catch(() => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw await failure(`${what} within ${timeoutMs} ms`, daemon);
  };

  const started = Date.now();
  try {
    await Promise.all(['run', 'log', 'mon.a', 'osd.0', 'rgw.a'].map((sub) => mkdir(path.join(dir, sub))));
    await writeFile(
      conf,
      `# Written by scripts/cluster/ceph-gateway.ts: a throwaway one-node cluster for tests.
[global]
fsid = ${fsid}
mon host = ${monAddress}
public addr = 127.0.0.1
cluster addr = 127.0.0.1
keyring = ${keyring}
run dir = ${path.join(dir, 'run')}
admin socket = ${path.join(dir, 'run', '$name.asok')}
pid file = ${path.join(dir, 'run', '$name.pid')}
log file = ${path.join(logDir, '$name.log')}
log to stderr = false
err to stderr = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000

[mon]
mon data = ${path.join(dir, 'mon.$id')}
# The default (1 s) makes RGW's first start, which creates 4 pools, take 12.8 s instead of 2.
paxos propose interval = 0.05

[osd]
osd data = ${path.join(dir, 'osd.$id')}
osd objectstore = memstore
memstore device bytes = 4294967296

[client.rgw.a]
rgw data = ${path.join(dir, 'rgw.a')}
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
`,
    );

    // One ceph-authtool per key, all at once (each start costs a process), then joined: the mon's
    // keyring holds every key so the cluster starts knowing them all; the shared one all but mon.'s.
    const keys: [name: string, caps: string[]][] = [
      ['mon.', ['mon', 'allow *']],
      ['client.admin', ['mon', 'allow *', 'osd', 'allow *', 'mgr', 'allow *']],
      ['osd.0', ['mon', 'allow profile osd', 'mgr', 'allow profile osd', 'osd', 'allow *']],
      ['client.rgw.a', ['mon', 'allow rw', 'osd', 'allow rwx']],
    ];
    const monmap = path.join(dir, 'monmap');
    const keyFile = (name: string) => path.join(dir, `key-${name}`);
    await Promise.all([
      ...keys.map(([name, caps]) =>
        run(binaryPath('ceph-authtool')!, [
          '--create-keyring',
          keyFile(name),
          '--gen-key',
          '-n',
          name,
          ...caps.flatMap((cap, index) => (index % 2 === 0 ? ['--cap', cap] : [cap])),
        ]),
      ),
      run(binaryPath('monmaptool')!, ['--create', '--fsid', fsid, '--addv', 'a', monAddress, monmap]),
    ]);
    const keyTexts = await Promise.all(keys.map(([name]) => readFile(keyFile(name), 'utf8')));
    const monKeyring = path.join(dir, 'mon.keyring');
    await writeFile(monKeyring, keyTexts.join(''));
    await writeFile(keyring, keyTexts.slice(1).join(''));
    await run(binaryPath('ceph-mon')!, [
      '-c',
      conf,
      '--mkfs',
      '-i',
      'a',
      '--monmap',
      monmap,
      '--keyring',
      monKeyring,
    ]);

    startDaemon('mon.a', 'ceph-mon', ['-i', 'a']);
    await waitUntil('the monitor answering', 'mon.a', 120_000, async () => {
      await ceph('mon', 'stat');
      return true;
    });
    log(`ceph: monitor up after ${Date.now() - started} ms`);

    await ceph('osd', 'new', osdUuid, '0');
    await run(binaryPath('ceph-osd')!, ['-c', conf, '--mkfs', '-i', '0', '--osd-uuid', osdUuid], 60_000);
    startDaemon('osd.0', 'ceph-osd', ['-i', '0']);
    await waitUntil('osd.0 up', 'osd.0', 120_000, async () => /^osd\.0 up/m.test(await ceph('osd', 'dump')));
    log(`ceph: osd.0 up after ${Date.now() - started} ms`);

    startDaemon('client.rgw.a', 'radosgw', ['-n', 'client.rgw.a']);
    await waitUntil(`the RADOS Gateway answering at ${endpoint}`, 'client.rgw.a', 90_000, async () => {
      const response = await fetch(endpoint, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      return true;
    });
    const admin = binaryPath('radosgw-admin')!;
    await run(admin, [
      '-c',
      conf,
      '-n',
      'client.admin',
      'user',
      'create',
      '--uid=cluster',
      '--display-name=cluster',
      `--access-key=${accessKeyId}`,
      `--secret=${secretAccessKey}`,
    ]).catch(async (error: Error) => {
      throw await failure(`creating the S3 user: ${error.message}`, 'client.rgw.a');
    });
    log(`ceph: RADOS Gateway answering S3 at ${endpoint} after ${Date.now() - started} ms`);
  } catch (error) {
    // Keep the logs in the message (read above), not the folder.
    await stop().catch(() => undefined);
    throw error;
  }

  return { kind: 'ceph', endpoint, accessKeyId, secretAccessKey, stop };
}
