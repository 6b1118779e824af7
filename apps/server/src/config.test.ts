import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig: limits and proxies', () => {
  it('has limits a person never meets, and trusts no proxy unless told', () => {
    const config = loadConfig({});
    expect(config.limits).toEqual({
      signInFailuresPerNetwork: 50,
      registrationsPerHour: 20,
      shopApiCallsPerMinute: 6000,
      uploadFilesPerHour: 3000,
      photoStorageQuotaBytes: 100 * 1024 ** 3,
    });
    expect(config.trustedProxies).toEqual([]);
  });

  it('reads the limits and the proxies in front', () => {
    const config = loadConfig({
      UPLOAD_FILES_PER_HOUR: '500',
      PHOTO_STORAGE_QUOTA_GB: '0.5',
      SIGN_IN_FAILURES_PER_NETWORK: '20',
      REGISTRATIONS_PER_HOUR: '200',
      SHOP_API_CALLS_PER_MINUTE: '100',
      TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32',
    });
    expect(config.limits).toEqual({
      signInFailuresPerNetwork: 20,
      registrationsPerHour: 200,
      shopApiCallsPerMinute: 100,
      uploadFilesPerHour: 500,
      photoStorageQuotaBytes: 512 * 1024 ** 2,
    });
    expect(config.trustedProxies).toEqual(['10.0.0.0/8', '2001:db8::/32']);
  });

  it.each([
    ['UPLOAD_FILES_PER_HOUR', '0'],
    ['REGISTRATIONS_PER_HOUR', '0'],
    ['PHOTO_STORAGE_QUOTA_GB', '-1'],
    ['TRUST_PROXY', 'everyone'],
  ])('stops with the setting named when %s is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

describe('loadConfig: replicas', () => {
  it('names the replica by host name and process id unless told, and waits 20 s for jobs on stop', () => {
    const config = loadConfig({});
    expect(config.replicaId).toMatch(new RegExp(`-${process.pid}$`));
    expect(config.shutdownGraceMs).toBe(20_000);
    expect(config.jobLeaseSeconds).toBe(15);
  });

  it('takes the replica name and grace period it is given', () => {
    const config = loadConfig({ REPLICA_ID: 'api-2', SHUTDOWN_GRACE_SECONDS: '5', JOB_LEASE_SECONDS: '10' });
    expect(config.replicaId).toBe('api-2');
    expect(config.jobLeaseSeconds).toBe(10);
    expect(config.shutdownGraceMs).toBe(5000);
  });

  it('refuses a replica name that cannot travel in a header', () => {
    expect(() => loadConfig({ REPLICA_ID: 'api 2\n' })).toThrow('REPLICA_ID');
  });

  it('traces nothing unless a collector is named, then under this service name', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'photo-account-area',
    });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT',
    );
  });
});

describe('loadConfig: the run mode', () => {
  /** What a real deployment sets: a relay, its sender, the shop's token; nothing of the demo. */
  const production = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://relay.shop.example:587',
    MAIL_FROM: 'account@shop.example',
    SHOP_API_TOKEN: 'a-shop-token-of-at-least-thirty-two-characters',
  };

  it('starts in production with proper settings, every development aid off', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      runMode: 'production',
      demoData: false,
      testPayments: false,
      testClock: false,
      mail: { mailboxEnabled: false, smtpUrl: production.SMTP_URL },
    });
  });

  it('switches nothing of the demo on unless told, outside production too', () => {
    expect(loadConfig({})).toMatchObject({
      runMode: 'development',
      demoData: false,
      testPayments: false,
      testClock: false,
      // Without a relay, mails are kept and shown on this machine: a developer's aid.
      mail: { mailboxEnabled: true },
    });
    expect(loadConfig({ DEMO_DATA: 'true', TEST_PAYMENTS: 'true' })).toMatchObject({
      demoData: true,
      testPayments: true,
    });
  });

  it.each([
    ['DEMO_DATA', { DEMO_DATA: 'true' }, 'DEMO_DATA=true'],
    ['TEST_PAYMENTS', { TEST_PAYMENTS: 'true' }, 'TEST_PAYMENTS=true'],
    ['TEST_CLOCK', { TEST_CLOCK: 'true' }, 'TEST_CLOCK=true'],
    ['MAILBOX_ENABLED', { MAILBOX_ENABLED: 'true', SMTP_URL: undefined }, 'MAILBOX_ENABLED=true'],
    ['SMTP_URL', { SMTP_URL: undefined }, 'SMTP_URL is not set'],
    ['SHOP_API_TOKEN', { SHOP_API_TOKEN: undefined }, 'SHOP_API_TOKEN is not set'],
    [
      'CALLBACK_ALLOWED_ORIGINS',
      { CALLBACK_ALLOWED_ORIGINS: 'http://127.0.0.1:9000' },
      'CALLBACK_ALLOWED_ORIGINS is set',
    ],
  ])('refuses a production start with %s, naming it', (_name, change, named) => {
    const env = { ...production, ...change };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(named);
    expect(() => loadConfig(env)).toThrow('Refusing to start in production');
  });

  it('names every offending setting at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true', TEST_PAYMENTS: 'true', TEST_CLOCK: 'true' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const named of [
      'DEMO_DATA=true',
      'TEST_PAYMENTS=true',
      'TEST_CLOCK=true',
      'SMTP_URL is not set',
      'SHOP_API_TOKEN is not set',
    ])
      expect(message).toContain(named);
  });
});
